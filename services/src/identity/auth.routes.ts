import type { Context, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type { Kysely } from 'kysely';
import type { ServicesDatabase } from '../db/services-database';
import { answer, declare, routes } from '../http/openapi-route';
import { alsoRefuses, behind, underAuth } from './declared-route-extras';
import { signInAnswerSchema } from './sign-in-answers';
import { actorOf, type AuthEnv } from './auth.middleware';
import { fixedError } from '@desk/platform/errors/domain-error';
import { phoneSchema } from './phone-schema';
import { findUserByPhone, type UserRow } from './users.repository';
import { clientIp, commandMetadata } from '../http/request-context';
import type { Limit, RateLimiter } from '../kv/rate-limiter';
import type { ShortLivedStore } from '../kv/short-lived-store';
import { hashPassword, verifyAgainstNothing, verifyPassword } from './password';
import { FAILURES_PER_IP, FAILURES_PER_PHONE, FAILURES_PER_PHONE_AND_IP, PasswordLimits } from './password-limits';
import { afterPassword, type SignInDeps } from './staff-sign-in';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, PASSWORD_TOO_LONG, PASSWORD_TOO_SHORT } from '@desk/machines/identity/password-rules';
import type { ProxyTrust } from '../http/proxy-trust';
import type { Trail } from './user-trail';
import { changePasswordRecorded } from './password-change';
import { recordLockOuts } from './sign-in-lock-outs';

const InvalidCredentialsError = fixedError('invalid_credentials', 401, 'Invalid credentials');

// 400, not 401: the clients sign out on any 401, and a mistyped password should not end the session.
const WrongCurrentPasswordError = fixedError('current_password_incorrect', 400, 'Current password is incorrect');

export const changePasswordSchema = z
  .object({
    currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required').max(MAX_PASSWORD_LENGTH, PASSWORD_TOO_LONG),
    newPassword: z
      .string({ error: 'New password is required' })
      .min(1, 'New password is required')
      .min(MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT)
      .max(MAX_PASSWORD_LENGTH, PASSWORD_TOO_LONG),
  })
  .refine((v) => v.currentPassword !== v.newPassword, { path: ['newPassword'], message: 'New password must be different from current password' });

// Wrong current passwords on a signed-in session: a stolen session must not become a way to guess it.
export const FAILURES_PER_SESSION_USER: Limit = { name: 'password-change-fail:user', max: 5, windowMs: 15 * 60_000 };
const lockedOut = (minutes: number) => `Too many failed attempts. Please try again in ${minutes} minute(s).`;

/** A lock-out is the limiter's decision, made on an anonymous request: the system acts, from the request's address. */
export const limiterActor = (tenantId: string) => ({ id: 'sign-in-limiter', role: 'system' as const, tenantId });

export const loginSchema = z.object({
  phone: phoneSchema,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(MAX_PASSWORD_LENGTH, PASSWORD_TOO_LONG),
});

/** How a signed-in user is answered (with their saved accounts): given by the composition root. */
export type DescribeUser<U> = (user: UserRow) => Promise<U>;

/** The password sign-in, the signed-in user, and changing the password: declared with the user's schema (the composition root's). */
export function authDeclarations<U>(user: z.ZodType<U>) {
  return underAuth({
    login: alsoRefuses(
      declare({
        method: 'post',
        path: '/login',
        tag: 'sign-in',
        access: 'public',
        summary: 'Sign in with phone and password',
        description:
          'Staff with an authenticator (or who must set one up) are answered `secondFactor` and a `challenge` for POST /auth/login/totp or /auth/totp/enrolment instead of a token.',
        body: loginSchema,
        answers: { 200: answer('Signed in (`token`, `user`), or for staff the second step to take (`secondFactor`, `challenge`)', signInAnswerSchema(user)) },
        refuses: { 429: 'too_many_requests: too many wrong passwords for this phone or from this address (Retry-After says how long)' },
      }),
      {
        401: 'invalid_credentials: no such phone, or the wrong password (the answer does not tell which)',
        403: 'password_reset_required: a staff account whose password an admin chose sets its own first (POST /auth/password-reset)',
      },
    ),
    me: declare({
      method: 'get',
      path: '/me',
      tag: 'account',
      access: 'user',
      summary: 'The signed-in user, with saved wallets and bank accounts',
      answers: { 200: answer('The signed-in user', user) },
    }),
    changePassword: alsoRefuses(
      declare({
        method: 'post',
        path: '/change-password',
        tag: 'account',
        access: 'user',
        summary: 'Change the password: every other session ends and older tokens stop working; a new token is answered',
        body: changePasswordSchema,
        answers: {
          200: answer(
            'Changed: the new token keeps this session signed in',
            z.object({ message: z.string(), token: z.string().describe('Send as Authorization: Bearer <token> from now on') }),
          ),
        },
        refuses: { 429: 'too_many_requests: too many wrong current passwords on this account (Retry-After says how long)' },
      }),
      { 400: 'Invalid input (`validation_error`, with `details`), or `current_password_incorrect`' },
    ),
  });
}

export interface AuthDeps<U> {
  db: Kysely<ServicesDatabase>;
  /** The schema of what `describeUser` answers, for the routes' declarations. */
  userSchema: z.ZodType<U>;
  signIn: SignInDeps;
  /** requireUser, as every signed-in route uses it. */
  signedIn: MiddlewareHandler<AuthEnv>;
  /** The same, on the row read fresh: a password change is decided on it. */
  signedInFresh: MiddlewareHandler<AuthEnv>;
  limits: RateLimiter;
  /** The tenant whose accounts this request signs in to (resolved from the host). */
  tenantOf: (c: Context) => string;
  trustProxy: ProxyTrust;
  describeUser: DescribeUser<U>;
  /** Records password changes and lock-outs. */
  trail: Trail;
  /** Where the sign-in counters live (password-limits.ts). */
  store: ShortLivedStore;
  /** Told of a user whose row this process changed, once committed (signed-in-users.ts). */
  forgetUser: (id: string) => void;
}

export function authRoutes<U extends object>(deps: AuthDeps<U>) {
  const { db, signIn, signedIn, signedInFresh, limits, tenantOf, trustProxy, describeUser, trail, forgetUser } = deps;
  const passwordLimits = new PasswordLimits(limits, deps.store);
  const declared = authDeclarations(deps.userSchema);
  return routes<AuthEnv>()
    .openapi(declared.login, async (c) => {
      const { phone, password } = c.req.valid('json');
      const ip = clientIp(c, trustProxy) ?? 'unknown';
      const tenantId = tenantOf(c);
      // Counted before the password is verified (password-limits.ts): per phone and address, per
      // phone across addresses, per address.
      const attempt = await passwordLimits.attempt(tenantId, phone, ip);
      const user = await findUserByPhone(db, tenantId, phone);
      const ok = user ? await verifyPassword(user.password_hash, password) : await verifyAgainstNothing(password);
      if (!user || !ok) {
        await attempt.failed();
        const failed = {
          phone,
          user: user ?? null,
          ip,
          phoneIpLock: { limit: FAILURES_PER_PHONE_AND_IP, started: attempt.phoneIpLock },
          phoneLock: { limit: FAILURES_PER_PHONE, started: attempt.phoneLock },
          ipLock: { limit: FAILURES_PER_IP, started: attempt.ipLock },
        };
        await recordLockOuts(trail, failed, commandMetadata(c, limiterActor(tenantId), trustProxy));
        throw new InvalidCredentialsError();
      }
      await attempt.succeeded();
      // U is described by the composition root's `userSchema`: the generic is not checked against it here.
      return c.json((await afterPassword(c, user, { ...signIn, trustProxy, describeUser })) as never, 200);
    })
    .openapi(behind(declared.me, signedIn), async (c) => c.json((await describeUser(c.get('user'))) as never, 200))
    .openapi(behind(declared.changePassword, signedInFresh), async (c) => {
      const { currentPassword, newPassword } = c.req.valid('json');
      const user = c.get('user');
      const guess = await limits.attempt(FAILURES_PER_SESSION_USER, user.id, lockedOut);
      if (!(await verifyPassword(user.password_hash, currentPassword))) throw new WrongCurrentPasswordError();
      await guess.undo();
      const metadata = commandMetadata(c, actorOf(c), trustProxy);
      const session = c.get('session');
      const { changedAt, endedSessions } = await changePasswordRecorded(db, trail, user, await hashPassword(newPassword), 'self', metadata, session.id);
      forgetUser(user.id);
      signIn.sessions.forget(endedSessions);
      // Every other session ends, and older tokens of this one stop working; a new token keeps this one signed in.
      return c.json({ message: 'Password changed successfully', token: await signIn.sessions.reissue(session, changedAt.getTime()) }, 200);
    });
}
