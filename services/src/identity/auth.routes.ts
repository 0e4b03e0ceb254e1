import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type { Kysely } from 'kysely';
import type { ServicesDatabase } from '../db/services-database';
import { validate } from '../http/validate';
import { actorOf, type AuthEnv } from './auth.middleware';
import { fixedError } from '@desk/platform/errors/domain-error';
import { phoneSchema } from './phone-schema';
import { findUserByPhone, type UserRow } from './users.repository';
import { clientIp, commandMetadata } from '../http/request-context';
import type { Limit, RateLimiter } from '../kv/rate-limiter';
import { hashPassword, verifyAgainstNothing, verifyPassword } from './password';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, PASSWORD_TOO_LONG, PASSWORD_TOO_SHORT } from '@desk/machines/identity/password-rules';
import type { TokenService } from './tokens';
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

// Failed password logins: a phone locks for the rest of the window after 5, an address after 30.
export const FAILURES_PER_PHONE: Limit = { name: 'login-fail:phone', max: 5, windowMs: 15 * 60_000 };
/**
 * The phone's failures are counted per brand, as its accounts are: a sign-in that succeeds clears
 * them, and with one count for every brand anyone who signs in with the same phone on another brand
 * (an account a brand admin can make) wiped a victim's failures between guesses.
 */
export const phoneFailuresSubject = (tenantId: string, phone: string): string => `${tenantId}:${phone}`;
const FAILURES_PER_IP: Limit = { name: 'login-fail:ip', max: 30, windowMs: 15 * 60_000 };
// Wrong current passwords on a signed-in session: a stolen session must not become a way to guess it.
const FAILURES_PER_SESSION_USER: Limit = { name: 'password-change-fail:user', max: 5, windowMs: 15 * 60_000 };
const lockedOut = (minutes: number) => `Too many failed attempts. Please try again in ${minutes} minute(s).`;

/** A lock-out is the limiter's decision, made on an anonymous request: the system acts, from the request's address. */
const limiterActor = (tenantId: string) => ({ id: 'sign-in-limiter', role: 'system' as const, tenantId });

export const loginSchema = z.object({
  phone: phoneSchema,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(MAX_PASSWORD_LENGTH, PASSWORD_TOO_LONG),
});

/** How a signed-in user is answered (with their saved accounts): given by the composition root. */
export type DescribeUser<U> = (user: UserRow) => Promise<U>;

export interface AuthDeps<U> {
  db: Kysely<ServicesDatabase>;
  tokens: TokenService;
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
  /** Told of a user whose row this process changed, once committed (signed-in-users.ts). */
  forgetUser: (id: string) => void;
}

export function authRoutes<U extends object>({
  db,
  tokens,
  signedIn,
  signedInFresh,
  limits,
  tenantOf,
  trustProxy,
  describeUser,
  trail,
  forgetUser,
}: AuthDeps<U>) {
  return new Hono<AuthEnv>()
    .post('/login', validate('json', loginSchema), async (c) => {
      const { phone, password } = c.req.valid('json');
      const ip = clientIp(c, trustProxy) ?? 'unknown';
      const tenantId = tenantOf(c);
      // Counted before the password is verified (RateLimiter.attempt): a success clears the brand's
      // count for the phone and takes back its own attempt from the address's.
      const phoneSubject = phoneFailuresSubject(tenantId, phone);
      const byPhone = await limits.attempt(FAILURES_PER_PHONE, phoneSubject, lockedOut);
      const byIp = await limits.attempt(FAILURES_PER_IP, ip, lockedOut).catch(async (error: unknown) => {
        await byPhone.undo();
        throw error;
      });
      const user = await findUserByPhone(db, tenantId, phone);
      const ok = user ? await verifyPassword(user.password_hash, password) : await verifyAgainstNothing(password);
      if (!user || !ok) {
        const phoneLock = { limit: FAILURES_PER_PHONE, started: byPhone.started };
        const ipLock = { limit: FAILURES_PER_IP, started: byIp.started };
        await recordLockOuts(trail, { phone, user: user ?? null, ip, phoneLock, ipLock }, commandMetadata(c, limiterActor(tenantId), trustProxy));
        throw new InvalidCredentialsError();
      }
      await Promise.all([limits.reset(FAILURES_PER_PHONE, phoneSubject), byIp.undo()]);
      const token = await tokens.issue(user.id, user.tenant_id);
      return c.json({ token, user: await describeUser(user) }, 200);
    })
    .get('/me', signedIn, async (c) => c.json(await describeUser(c.get('user')), 200))
    .post('/change-password', signedInFresh, validate('json', changePasswordSchema), async (c) => {
      const { currentPassword, newPassword } = c.req.valid('json');
      const user = c.get('user');
      const guess = await limits.attempt(FAILURES_PER_SESSION_USER, user.id, lockedOut);
      if (!(await verifyPassword(user.password_hash, currentPassword))) throw new WrongCurrentPasswordError();
      await guess.undo();
      const metadata = commandMetadata(c, actorOf(c), trustProxy);
      const changedAt = await changePasswordRecorded(db, trail, user, await hashPassword(newPassword), 'self', metadata);
      forgetUser(user.id);
      // Older tokens stop working; this one keeps the current session signed in.
      return c.json({ message: 'Password changed successfully', token: await tokens.issue(user.id, user.tenant_id, changedAt.getTime()) }, 200);
    });
}
