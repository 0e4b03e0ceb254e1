import { authenticatorConfirmSchema, authenticatorStartSchema } from '../../identity/authenticator.routes';
import { passwordResetSchema, resetSendSchema } from '../../identity/password-reset.routes';
import { enrolmentConfirmSchema, enrolmentSchema, totpLoginSchema } from '../../identity/second-factor.routes';
import type { RouteDoc } from './route-doc';

/** Staff's second step, "Forgot password?", sessions and authenticators (decision 0029). */
export const signInRouteDocs: RouteDoc[] = [
  {
    method: 'post',
    path: '/auth/login/totp',
    tag: 'sign-in',
    access: 'public',
    summary: "Staff's second step: the password step's challenge with the authenticator's code or a recovery code",
    body: totpLoginSchema,
  },
  {
    method: 'post',
    path: '/auth/totp/enrolment',
    tag: 'sign-in',
    access: 'public',
    summary: 'Start setting up an authenticator with the challenge: the key, its otpauth:// link and a QR code',
    body: enrolmentSchema,
  },
  {
    method: 'post',
    path: '/auth/totp/enrolment/confirm',
    tag: 'sign-in',
    access: 'public',
    summary: 'Confirm the authenticator with a code: signed in, with ten recovery codes shown once',
    body: enrolmentConfirmSchema,
  },
  {
    method: 'post',
    path: '/auth/password-reset/otp/send',
    tag: 'sign-in',
    access: 'public',
    summary: 'Send a code to set a new password (answered the same whether or not the phone has an account)',
    body: resetSendSchema,
  },
  {
    method: 'post',
    path: '/auth/password-reset',
    tag: 'sign-in',
    access: 'public',
    summary: 'Set a new password with the code: every session of the account ends',
    body: passwordResetSchema,
  },
  { method: 'post', path: '/auth/logout', tag: 'account', access: 'user', summary: 'Sign out: this session ends on the server' },
  { method: 'get', path: '/auth/sessions', tag: 'account', access: 'user', summary: "The account's live sessions, this one marked" },
  { method: 'delete', path: '/auth/sessions/:id', tag: 'account', access: 'user', summary: 'End one of your own sessions' },
  { method: 'post', path: '/auth/sessions/revoke-others', tag: 'account', access: 'user', summary: 'End every other session of the account' },
  { method: 'get', path: '/auth/authenticator', tag: 'account', access: 'user', summary: 'Staff: whether an authenticator is set up, and recovery codes left' },
  {
    method: 'post',
    path: '/auth/authenticator',
    tag: 'account',
    access: 'user',
    summary: 'Staff: set up the authenticator with the current password; replace it with the password and a code from it or a recovery code',
    body: authenticatorStartSchema,
  },
  {
    method: 'post',
    path: '/auth/authenticator/confirm',
    tag: 'account',
    access: 'user',
    summary: 'Staff: confirm the new authenticator with a code; ten new recovery codes; a replacement ends every other session',
    body: authenticatorConfirmSchema,
  },
];
