import { Hono, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type { Kysely } from 'kysely';
import { fixedError } from '@desk/platform/errors/domain-error';
import { MAX_PASSWORD_LENGTH, PASSWORD_TOO_LONG } from '@desk/machines/identity/password-rules';
import type { ServicesDatabase } from '../db/services-database';
import type { ProxyTrust } from '../http/proxy-trust';
import { validate } from '../http/validate';
import type { AuthEnv } from './auth.middleware';
import { FAILURES_PER_SESSION_USER } from './auth.routes';
import { isStaff } from './admin-scope';
import { verifyPassword } from './password';
import { confirmEnrolment, startEnrolment } from './second-factor';
import type { SignInDeps } from './staff-sign-in';
import type { Trail } from './user-trail';

const NotStaffError = fixedError('not_staff', 403, 'Authenticator apps are for staff accounts');
// 400, not 401: the clients sign out on any 401 (as on change-password).
const WrongPasswordError = fixedError('current_password_incorrect', 400, 'Current password is incorrect');
const lockedOut = (minutes: number) => `Too many failed attempts. Please try again in ${minutes} minute(s).`;

export const authenticatorStartSchema = z.object({
  currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required').max(MAX_PASSWORD_LENGTH, PASSWORD_TOO_LONG),
});
export const authenticatorConfirmSchema = z.object({ code: z.string({ error: 'Enter the code' }).trim().min(1, 'Enter the code').max(40) });

export interface AuthenticatorRouteDeps {
  db: Kysely<ServicesDatabase>;
  signIn: SignInDeps;
  signedInFresh: MiddlewareHandler<AuthEnv>;
  trail: Trail;
  trustProxy: ProxyTrust;
}

/**
 * A signed-in staff member's authenticator (decision 0029), mounted at /api/auth: whether one is
 * enrolled, and enrolling or replacing one, which takes the current password (a session left open
 * must not be enough to move the second factor to another phone).
 */
export function authenticatorRoutes(deps: AuthenticatorRouteDeps) {
  const { signIn, signedInFresh } = deps;
  const staffOnly: MiddlewareHandler<AuthEnv> = async (c, next) => {
    if (!isStaff(c.get('user'))) throw new NotStaffError();
    await next();
  };
  return new Hono<AuthEnv>()
    .get('/authenticator', signedInFresh, staffOnly, async (c) => {
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
    .post('/authenticator', signedInFresh, staffOnly, validate('json', authenticatorStartSchema), async (c) => {
      const user = c.get('user');
      const guess = await signIn.limits.attempt(FAILURES_PER_SESSION_USER, user.id, lockedOut);
      if (!(await verifyPassword(user.password_hash, c.req.valid('json').currentPassword))) throw new WrongPasswordError();
      await guess.undo();
      return c.json(await startEnrolment(user, signIn), 200);
    })
    .post('/authenticator/confirm', signedInFresh, staffOnly, validate('json', authenticatorConfirmSchema), async (c) => {
      const recoveryCodes = await confirmEnrolment(c, c.get('user'), c.req.valid('json').code, { ...deps, ...signIn }, false);
      return c.json({ message: 'Authenticator app saved', recoveryCodes }, 200);
    });
}
