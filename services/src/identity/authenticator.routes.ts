import type { Context, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type { Kysely } from 'kysely';
import { fixedError, ValidationError } from '@desk/platform/errors/domain-error';
import { RECOVERY_CODE_USED } from '@desk/machines/identity/user.events';
import { MAX_PASSWORD_LENGTH, PASSWORD_TOO_LONG } from '@desk/machines/identity/password-rules';
import type { ServicesDatabase } from '../db/services-database';
import type { ProxyTrust } from '../http/proxy-trust';
import { answer, routes } from '../http/openapi-route';
import { routeGroup } from '../http/route-group';
import { alsoRefuses, behind, underAuth } from './declared-route-extras';
import type { AuthEnv } from './auth.middleware';
import { FAILURES_PER_SESSION_USER } from './auth.routes';
import { isStaff } from './admin-scope';
import { verifyPassword } from './password';
import { checkedCode, confirmEnrolment, startEnrolment } from './second-factor';
import { enrolmentJsonSchema, recoveryCodesSchema } from './second-factor.routes';
import { commandMetadata } from '../http/request-context';
import { selfActor } from './user-sessions';
import type { UserRow } from './users.repository';
import type { SignInDeps } from './staff-sign-in';
import type { Trail } from './user-trail';

const NotStaffError = fixedError('not_staff', 403, 'Authenticator apps are for staff accounts');
// 400, not 401: the clients sign out on any 401 (as on change-password).
const WrongPasswordError = fixedError('current_password_incorrect', 400, 'Current password is incorrect');
const lockedOut = (minutes: number) => `Too many failed attempts. Please try again in ${minutes} minute(s).`;

const secondFactorCode = z.string({ error: 'Enter the code' }).trim().min(1, 'Enter the code').max(40);
export const authenticatorStartSchema = z
  .object({
    currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required').max(MAX_PASSWORD_LENGTH, PASSWORD_TOO_LONG),
    /** Replacing one: a code from the current authenticator app, or (lost phone) a recovery code. */
    code: secondFactorCode.optional(),
    recoveryCode: secondFactorCode.optional(),
  })
  .refine((v) => v.code === undefined || v.recoveryCode === undefined, {
    path: ['code'],
    message: 'Enter a code from your authenticator app or a recovery code, not both',
  });
export const CURRENT_CODE_REQUIRED = 'Enter a code from your current authenticator app, or a recovery code';
export const authenticatorConfirmSchema = z.object({ code: z.string({ error: 'Enter the code' }).trim().min(1, 'Enter the code').max(40) });

const NOT_STAFF = 'not_staff: authenticator apps are for staff accounts';
const account = routeGroup({ tag: 'account', access: 'user' });

export const authenticatorDeclarations = underAuth({
  status: alsoRefuses(
    account.get('/authenticator', {
      summary: 'Staff: whether an authenticator is set up, and recovery codes left',
      answers: {
        200: answer(
          "The account's authenticator",
          z.object({
            enrolled: z.boolean(),
            enrolledAt: z.iso.datetime().nullable(),
            recoveryCodesLeft: z.number().int(),
            required: z.boolean().describe('Whether staff must sign in with one (STAFF_TOTP)'),
          }),
        ),
      },
    }),
    { 403: NOT_STAFF },
  ),
  start: alsoRefuses(
    account.post('/authenticator', {
      summary: 'Staff: set up the authenticator with the current password; replace it with the password and a code from it or a recovery code',
      body: authenticatorStartSchema,
      answers: { 200: answer('Add this to the authenticator app, then confirm with a code from it', enrolmentJsonSchema) },
      refuses: { 429: 'too_many_requests: too many wrong passwords or codes on this account (Retry-After says how long)' },
    }),
    {
      400: 'Invalid input (`validation_error`, with `details`: replacing one takes a code from it or a recovery code), `current_password_incorrect`, or `invalid_code`',
      403: NOT_STAFF,
    },
  ),
  confirm: alsoRefuses(
    account.post('/authenticator/confirm', {
      summary: 'Staff: confirm the new authenticator with a code; ten new recovery codes; a replacement ends every other session',
      body: authenticatorConfirmSchema,
      answers: { 200: answer('Saved, with the recovery codes', z.object({ message: z.string(), recoveryCodes: recoveryCodesSchema })) },
      refuses: {
        409: 'no_enrolment: start again (the key was not kept)',
        429: 'too_many_requests: 5 wrong codes on this account in 15 minutes (Retry-After says how long)',
      },
    }),
    { 400: 'Invalid input (`validation_error`, with `details`), or `invalid_code`', 403: NOT_STAFF },
  ),
});

export interface AuthenticatorRouteDeps {
  db: Kysely<ServicesDatabase>;
  signIn: SignInDeps;
  signedInFresh: MiddlewareHandler<AuthEnv>;
  trail: Trail;
  trustProxy: ProxyTrust;
}

/**
 * A signed-in staff member's authenticator (decision 0029), mounted at /api/auth: whether one is
 * enrolled, and enrolling or replacing one. Setting one up takes the current password (a session
 * left open must not be enough to move the second factor to another phone); replacing one takes a
 * code from the current one or a recovery code as well (the review's I1: the password alone is one
 * factor, and a stolen password with an open session would move both), and ends every other
 * session of the account once confirmed.
 */
export function authenticatorRoutes(deps: AuthenticatorRouteDeps) {
  const { signIn, signedInFresh } = deps;
  const staffOnly: MiddlewareHandler<AuthEnv> = async (c, next) => {
    if (!isStaff(c.get('user'))) throw new NotStaffError();
    await next();
  };
  const declared = authenticatorDeclarations;
  return routes<AuthEnv>()
    .openapi(behind(declared.status, signedInFresh, staffOnly), async (c) => {
      const userId = c.get('user').id;
      const enrolledAt = await signIn.authenticators.enrolledAt(userId);
      return c.json(
        {
          enrolled: enrolledAt !== null,
          enrolledAt: enrolledAt?.toISOString() ?? null,
          recoveryCodesLeft: enrolledAt ? await signIn.authenticators.recoveryCodesLeft(userId) : 0,
          required: signIn.staffTotp === 'required',
        },
        200,
      );
    })
    .openapi(behind(declared.start, signedInFresh, staffOnly), async (c) => {
      const user = c.get('user');
      const body = c.req.valid('json');
      const guess = await signIn.limits.attempt(FAILURES_PER_SESSION_USER, user.id, lockedOut);
      if (!(await verifyPassword(user.password_hash, body.currentPassword))) throw new WrongPasswordError();
      await guess.undo();
      if (await signIn.authenticators.enrolledAt(user.id)) await currentSecondFactor(c, user, body, deps);
      return c.json(await startEnrolment(user, signIn), 200);
    })
    .openapi(behind(declared.confirm, signedInFresh, staffOnly), async (c) => {
      const recoveryCodes = await confirmEnrolment(c, c.get('user'), c.req.valid('json').code, { ...deps, ...signIn }, false, c.get('session').id);
      return c.json({ message: 'Authenticator app saved', recoveryCodes }, 200);
    });
}

/**
 * The second factor the account has now, before it is replaced: a code from the authenticator (each
 * step good once) or a recovery code (spent, and recorded as used), under the account's limit on
 * wrong codes (5 in 15 minutes, recorded as SignInLockedOut).
 */
async function currentSecondFactor(
  c: Context<AuthEnv>,
  user: UserRow,
  given: { code?: string; recoveryCode?: string },
  deps: AuthenticatorRouteDeps,
): Promise<void> {
  const { signIn } = deps;
  const { code, recoveryCode } = given;
  if (code === undefined && recoveryCode === undefined) throw ValidationError.of('code', CURRENT_CODE_REQUIRED);
  const check = () =>
    code !== undefined ? signIn.authenticators.verify(user.id, code) : signIn.authenticators.spendRecoveryCode(deps.db, user.id, recoveryCode!);
  await checkedCode(c, user, { ...deps, limits: signIn.limits }, check);
  if (recoveryCode === undefined) return;
  const metadata = commandMetadata(c, selfActor(user), deps.trustProxy);
  const remaining = await signIn.authenticators.recoveryCodesLeft(user.id);
  const data = { userId: user.id, tenantId: user.tenant_id, sessionId: c.get('session').id, remaining, usedAt: metadata.acceptedAt };
  await deps.trail.record(user, [{ type: RECOVERY_CODE_USED, data }], metadata);
}
