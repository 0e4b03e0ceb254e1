import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { Kysely } from 'kysely';
import type { ServicesDatabase } from '../db/services-database';
import { DomainError, ValidationError, fixedError } from '@desk/platform/errors/domain-error';
import { PhoneTakenError } from './identity-errors';
import { atMost, validate } from '../http/validate';
import { clientIp, commandMetadata } from '../http/request-context';
import type { ShortLivedStore } from '../kv/short-lived-store';
import { normalizePhone, PHONE_FORMAT_MESSAGE, PHONE_PATTERN } from '@desk/machines/identity/phone';
import { findUserByPhone } from './users.repository';
import { canonicalPhone, isDialable } from './canonical-phone';
import { phonePattern } from './phone-schema';
import { registerUser } from './register-user';
import type { Trail } from './user-trail';
import { hashPassword } from './password';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, PASSWORD_TOO_LONG, PASSWORD_TOO_SHORT } from '@desk/machines/identity/password-rules';
import type { DescribeUser } from './auth.routes';
import type { UserSessions } from './user-sessions';
import { isStaff } from './admin-scope';
import { openSession, StaffSmsRefusedError } from './staff-sign-in';
import type { OtpService } from './otp.service';
import type { ProxyTrust } from '../http/proxy-trust';

class PhoneRequiredError extends DomainError {
  constructor() {
    super('phone_required', 400, 'Phone number is required');
  }
  override body() {
    return { error: 'phone_required', code: this.code, message: this.message };
  }
}

const NoAccountError = fixedError('account_not_found', 404, 'No account with this phone number. Please register.');

const PhoneNotVerifiedError = fixedError('phone_not_verified', 400, 'Please verify your phone number with the code we sent first');

const REGISTRATION_WINDOW_MS = 15 * 60_000;
export const NOT_DIALABLE = 'Enter a valid mobile number';

/** The phone from a body, with the specification's `phone_required` when it is missing. */
async function phoneOf(c: Context): Promise<string> {
  const body = (await c.req.json().catch(() => ({}))) as { phone?: unknown };
  const phone = typeof body?.phone === 'string' ? normalizePhone(body.phone) : '';
  if (!phone) throw new PhoneRequiredError();
  if (!PHONE_PATTERN.test(phone)) throw ValidationError.of('phone', PHONE_FORMAT_MESSAGE);
  return canonicalPhone(phone);
}

async function otpOf(c: Context): Promise<string> {
  const body = (await c.req.json().catch(() => ({}))) as { otp?: unknown };
  return typeof body?.otp === 'string' || typeof body?.otp === 'number' ? String(body.otp).trim() : '';
}

export const registerSchema = z.object({
  username: z.string({ error: 'Username is required' }).trim().min(1, 'Username is required').max(100, atMost('Username', 100)),
  phone: z.string({ error: 'Phone is required' }).trim().transform(normalizePhone).pipe(phonePattern),
  password: z.string({ error: 'Password is required' }).min(MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT).max(MAX_PASSWORD_LENGTH, PASSWORD_TOO_LONG),
});

export interface OtpRouteDeps<U> {
  db: Kysely<ServicesDatabase>;
  sessions: UserSessions;
  otp: OtpService;
  store: ShortLivedStore;
  tenantOf: (c: Context) => string;
  trustProxy: ProxyTrust;
  describeUser: DescribeUser<U>;
  /** Records sign-ups. */
  trail: Trail;
}

/**
 * OTP sign-in and phone-verified registration, mounted at /api/auth. Staff never sign in by a code
 * alone (decision 0029), yet the answers do not tell a staff phone from a customer's (the review's
 * F8): a code is sent to staff as to anyone, a wrong or missing code is the same 400 for everyone,
 * and only the right code, which only the phone's holder has, answers staff 403 `staff_sms_sign_in`.
 */
export function otpRoutes<U extends object>(deps: OtpRouteDeps<U>) {
  const { db, otp, store, tenantOf, trustProxy, trail } = deps;
  const sent = { message: 'OTP sent', expiresInSeconds: 300, resendInSeconds: 30 };
  return new Hono()
    .post('/otp/send', async (c) => {
      const phone = await phoneOf(c);
      const user = await findUserByPhone(db, tenantOf(c), phone);
      if (!user) throw new NoAccountError();
      // Staff too: refusing them here told anyone which phones are staff. Their code is refused at verify.
      await otp.send(tenantOf(c), phone, 'login', clientIp(c, trustProxy));
      return c.json(sent, 200);
    })
    .post('/otp/verify', async (c) => {
      const phone = await phoneOf(c);
      const code = await otpOf(c);
      // The code first: until it is right, the answer is the same whoever holds the phone.
      await otp.verify(tenantOf(c), phone, 'login', code, clientIp(c, trustProxy));
      const user = await findUserByPhone(db, tenantOf(c), phone);
      if (!user) throw new NoAccountError();
      if (isStaff(user)) throw new StaffSmsRefusedError();
      return c.json((await openSession(c, user, 'otp', deps)).answer, 200);
    })
    .post('/register/otp/send', async (c) => {
      const phone = await phoneOf(c);
      // Sign-up sends a code to a number nobody has vouched for: only to a valid one (canonical-phone.ts).
      if (!isDialable(phone)) throw ValidationError.of('phone', NOT_DIALABLE);
      if (await findUserByPhone(db, tenantOf(c), phone)) throw new PhoneTakenError();
      await otp.send(tenantOf(c), phone, 'register', clientIp(c, trustProxy));
      return c.json(sent, 200);
    })
    .post('/register/otp/verify', async (c) => {
      const phone = await phoneOf(c);
      await otp.verify(tenantOf(c), phone, 'register', await otpOf(c), clientIp(c, trustProxy));
      await store.set(`register:verified:${tenantOf(c)}:${phone}`, '1', REGISTRATION_WINDOW_MS);
      return c.json({ verified: true, message: 'Phone verified', expiresInSeconds: REGISTRATION_WINDOW_MS / 1000 }, 200);
    })
    .post('/register', validate('json', registerSchema), async (c) => {
      const { username, phone, password } = c.req.valid('json');
      const tenantId = tenantOf(c);
      const verified = `register:verified:${tenantId}:${phone}`;
      if (!(await store.get(verified))) throw new PhoneNotVerifiedError();
      // No one is signed in: the newcomer is the actor, known once the row exists.
      const asNewcomer = (created: { id: string }) => commandMetadata(c, { id: created.id, role: 'customer', tenantId }, trustProxy);
      const newUser = { tenantId, username, phone, passwordHash: await hashPassword(password), roles: [] };
      const user = await registerUser(db, trail, newUser, 'sign_up', asNewcomer);
      if (!user) throw new PhoneTakenError();
      await store.delete(verified);
      const { answer } = await openSession(c, user, 'sign_up', deps);
      return c.json({ ...answer, message: 'Registration successful' }, 201);
    });
}
