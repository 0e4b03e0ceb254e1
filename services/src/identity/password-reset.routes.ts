import type { Context } from 'hono';
import { z } from 'zod';
import type { Kysely } from 'kysely';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, PASSWORD_TOO_LONG, PASSWORD_TOO_SHORT } from '@desk/machines/identity/password-rules';
import type { ServicesDatabase } from '../db/services-database';
import { clientIp, commandMetadata } from '../http/request-context';
import type { ProxyTrust } from '../http/proxy-trust';
import { answer, declare, routes } from '../http/openapi-route';
import { alsoRefuses, underAuth } from './declared-route-extras';
import { phoneSchema } from './phone-schema';
import { InvalidOtpError, type OtpService } from './otp.service';
import { hashPassword } from './password';
import { changePasswordRecorded } from './password-change';
import { selfActor, type UserSessions } from './user-sessions';
import type { Trail } from './user-trail';
import { findUserByPhone } from './users.repository';

export const resetSendSchema = z.object({ phone: phoneSchema });
export const passwordResetSchema = z.object({
  phone: phoneSchema,
  otp: z.string({ error: 'Enter the code we sent' }).trim().min(1, 'Enter the code we sent').max(20),
  newPassword: z.string({ error: 'New password is required' }).min(MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT).max(MAX_PASSWORD_LENGTH, PASSWORD_TOO_LONG),
});

export const passwordResetDeclarations = underAuth({
  send: declare({
    method: 'post',
    path: '/password-reset/otp/send',
    tag: 'sign-in',
    access: 'public',
    summary: 'Send a code to set a new password (answered the same whether or not the phone has an account)',
    body: resetSendSchema,
    answers: {
      200: answer(
        'Sent, if the phone has an account',
        z.object({ message: z.string(), expiresInSeconds: z.number().int().describe('How long the code works'), resendInSeconds: z.number().int() }),
      ),
    },
    refuses: { 429: 'too_many_requests: a code was sent to this phone less than 30 s ago, or too many were sent (Retry-After says how long)' },
  }),
  reset: alsoRefuses(
    declare({
      method: 'post',
      path: '/password-reset',
      tag: 'sign-in',
      access: 'public',
      summary: 'Set a new password with the code: every session of the account ends',
      body: passwordResetSchema,
      answers: { 200: answer('Changed: sign in with the new password', z.object({ message: z.string() })) },
      refuses: { 429: 'too_many_requests: 30 wrong codes from this address in 15 minutes (Retry-After says how long)' },
    }),
    { 400: 'Invalid input (`validation_error`, with `details`), or `invalid_otp`: the code is wrong, expired or used' },
  ),
});

export interface PasswordResetDeps {
  db: Kysely<ServicesDatabase>;
  otp: OtpService;
  sessions: UserSessions;
  trail: Trail;
  trustProxy: ProxyTrust;
  tenantOf: (c: Context) => string;
  forgetUser: (id: string) => void;
}

/**
 * "Forgot password?" for every account (decision 0029), mounted at /api/auth: a code sent to the
 * phone sets a new password. The send answers the same whether or not the phone has an account on
 * this brand (the code is then kept but sent to nobody, through the same limits). The new password
 * is the holder's own (no longer one an admin chose), every session of the account ends, and the
 * change is recorded as PasswordChanged `by: 'sms_reset'`. No session is opened: the holder signs
 * in with the new password (and staff with their authenticator).
 */
export function passwordResetRoutes(deps: PasswordResetDeps) {
  const { db, otp, trustProxy, tenantOf } = deps;
  const declared = passwordResetDeclarations;
  return routes()
    .openapi(declared.send, async (c) => {
      const { phone } = c.req.valid('json');
      const user = await findUserByPhone(db, tenantOf(c), phone);
      await otp.send(tenantOf(c), phone, 'reset', clientIp(c, trustProxy), { deliver: user !== undefined });
      return c.json({ message: 'If this number has an account, we sent it a code', expiresInSeconds: 300, resendInSeconds: 30 }, 200);
    })
    .openapi(declared.reset, async (c) => {
      const { phone, otp: code, newPassword } = c.req.valid('json');
      await otp.verify(tenantOf(c), phone, 'reset', code, clientIp(c, trustProxy));
      const user = await findUserByPhone(db, tenantOf(c), phone);
      // No account: no code was delivered, so none can be right; said as a wrong code would be.
      if (!user) throw new InvalidOtpError();
      const metadata = commandMetadata(c, selfActor(user), trustProxy);
      const { endedSessions } = await changePasswordRecorded(db, deps.trail, user, await hashPassword(newPassword), 'sms_reset', metadata);
      deps.forgetUser(user.id);
      deps.sessions.forget(endedSessions);
      return c.json({ message: 'Password changed. Sign in with your new password.' }, 200);
    });
}
