import type { Context } from 'hono';
import { z } from 'zod';
import type { Kysely } from 'kysely';
import type { ServicesDatabase } from '../db/services-database';
import { DomainError, ValidationError, fixedError } from '@desk/platform/errors/domain-error';
import { PhoneTakenError } from './identity-errors';
import { atMost } from '../http/validate';
import { answer, routes } from '../http/openapi-route';
import { routeGroup } from '../http/route-group';
import { alsoRefuses, underAuth } from './declared-route-extras';
import { signedInSchema } from './sign-in-answers';
import { clientIp, commandMetadata } from '../http/request-context';
import type { ShortLivedStore } from '../kv/short-lived-store';
import { normalizePhone, PHONE_FORMAT_MESSAGE, PHONE_PATTERN } from '@desk/machines/identity/phone';
import { findUserByPhone } from './users.repository';
import { canonicalPhone, isDialable } from './canonical-phone';
import { phonePattern, TYPED_PHONE } from './phone-schema';
import { registerUser } from './register-user';
import type { Trail } from './user-trail';
import { hashPassword } from './password';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, PASSWORD_TOO_LONG, PASSWORD_TOO_SHORT } from '@desk/machines/identity/password-rules';
import type { DescribeUser } from './auth.routes';
import type { UserSessions } from './user-sessions';
import { isStaff } from './admin-scope';
import { openSession, StaffSmsRefusedError } from './staff-sign-in';
import { InvalidOtpError, type OtpService } from './otp.service';
import type { ProxyTrust } from '../http/proxy-trust';
import type { OtpPurpose } from '../sms/sms-sender';

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
function phoneOf(body: { phone?: unknown }): string {
  const phone = typeof body?.phone === 'string' ? normalizePhone(body.phone) : '';
  if (!phone) throw new PhoneRequiredError();
  if (!PHONE_PATTERN.test(phone)) throw ValidationError.of('phone', PHONE_FORMAT_MESSAGE);
  return canonicalPhone(phone);
}

const otpOf = (body: { otp?: unknown }): string => (typeof body?.otp === 'string' || typeof body?.otp === 'number' ? String(body.otp).trim() : '');

// What the code routes take. The phone's rules are checked by `phoneOf` (its answer is the
// specification's `phone_required` when it is missing), so the schemas describe them and accept any
// text; a body they refuse is answered as `phoneOf` would, then as a wrong code (`codeRefusal`).
const phoneBody = z.object({
  phone: z
    .string()
    .describe('An optional + and 10 to 15 digits; spaces and dashes are ignored. Missing or blank: `phone_required`')
    .meta({ pattern: TYPED_PHONE.source }),
});
const otpBody = phoneBody.extend({
  otp: z
    .union([z.string(), z.number()])
    .describe('The 6-digit code sent by SMS; a wrong or expired one is `invalid_otp`')
    .meta({ pattern: '^\\s*\\d{6}\\s*$' }),
});

/** A code route's body that its schema refuses: `phone_required` or the phone's format, else the code is wrong (`invalid_otp`). */
const codeRefusal = (result: { success: boolean }): undefined => {
  if (result.success) return undefined;
  // On a refusal, `data` is the body as sent.
  phoneOf(((result as { data?: unknown }).data ?? {}) as { phone?: unknown });
  throw new InvalidOtpError();
};

const PHONE_400 = 'Invalid input: `phone_required` (no phone), or `validation_error` with `details` (not a phone number)';
const CODE_400 =
  'Invalid input: `phone_required` (no phone), `validation_error` with `details` (not a phone number), or `invalid_otp` (a wrong, expired or used code)';
const sentSchema = z.object({
  message: z.string(),
  expiresInSeconds: z.number().int().describe('How long the code works'),
  resendInSeconds: z.number().int().describe('How long until another code may be asked for'),
});
const SEND_429 = 'too_many_requests: a code was sent to this phone less than 30 s ago, or too many were sent (Retry-After says how long)';

const WRONG_CODES_429 = 'too_many_requests: 30 wrong codes from this address in 15 minutes (Retry-After says how long)';
const NO_ACCOUNT = 'account_not_found: no account with this phone on this brand';
const PHONE_TAKEN = 'phone_taken: this phone already has an account on this brand';

const signIn = routeGroup({ tag: 'sign-in', access: 'public' });

/** Both code senders (sign-in, registration) take a phone and answer alike: only the refusal beside the 429 differs. */
const codeSender = <P extends string>(path: P, summary: string, refusal: { 404: string } | { 409: string }) =>
  alsoRefuses(signIn.post(path, { summary, body: phoneBody, answers: { 200: answer('Sent', sentSchema) }, refuses: { ...refusal, 429: SEND_429 } }), {
    400: PHONE_400,
  });

/** The code routes, declared with the user's schema (the composition root's). */
export function otpDeclarations<U>(user: z.ZodType<U>) {
  return underAuth({
    send: codeSender('/otp/send', 'Send a sign-in code by SMS (staff too: the answer does not tell them apart)', { 404: NO_ACCOUNT }),
    verify: alsoRefuses(
      signIn.post('/otp/verify', {
        summary: 'Sign in with the code',
        body: otpBody,
        answers: { 200: answer('Signed in', signedInSchema(user)) },
        refuses: { 404: NO_ACCOUNT, 429: WRONG_CODES_429 },
      }),
      { 400: CODE_400, 403: 'staff_sms_sign_in: staff sign in with their password and authenticator (said only once the code is right)' },
    ),
    registerSend: codeSender('/register/otp/send', 'Send a registration code by SMS (only to a valid mobile number)', { 409: PHONE_TAKEN }),
    registerVerify: alsoRefuses(
      signIn.post('/register/otp/verify', {
        summary: 'Verify the phone with the code: it may register for 15 minutes',
        body: otpBody,
        answers: {
          200: answer(
            'Verified',
            z.object({ verified: z.literal(true), message: z.string(), expiresInSeconds: z.number().int().describe('How long the phone may register') }),
          ),
        },
        refuses: { 429: WRONG_CODES_429 },
      }),
      { 400: CODE_400 },
    ),
    register: alsoRefuses(
      signIn.post('/register', {
        summary: 'Register with a phone verified in the last 15 minutes: signed in',
        body: registerSchema,
        answers: { 201: answer('The new account, signed in', signedInSchema(user).extend({ message: z.string() })) },
        refuses: { 409: PHONE_TAKEN },
      }),
      { 400: 'Invalid input (`validation_error`, with `details`), or `phone_not_verified` (verify the phone with a code first)' },
    ),
  });
}

export const registerSchema = z.object({
  username: z.string({ error: 'Username is required' }).trim().min(1, 'Username is required').max(100, atMost('Username', 100)),
  phone: z
    .string({ error: 'Phone is required' })
    .trim()
    .meta({ pattern: TYPED_PHONE.source, description: 'An optional + and 10 to 15 digits; spaces and dashes are ignored' })
    .transform(normalizePhone)
    .pipe(phonePattern),
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
  /** The schema of what `describeUser` answers, for the routes' declarations. */
  userSchema: z.ZodType<U>;
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
  const declared = otpDeclarations(deps.userSchema);
  // Each code is sent and checked for its purpose, counted against the caller's address.
  const sendCode = (c: Context, phone: string, purpose: OtpPurpose) => otp.send(tenantOf(c), phone, purpose, clientIp(c, trustProxy));
  const checkCode = (c: Context, phone: string, code: string, purpose: OtpPurpose) => otp.verify(tenantOf(c), phone, purpose, code, clientIp(c, trustProxy));
  return routes()
    .openapi(
      declared.send,
      async (c) => {
        const phone = phoneOf(c.req.valid('json'));
        const user = await findUserByPhone(db, tenantOf(c), phone);
        if (!user) throw new NoAccountError();
        // Staff too: refusing them here told anyone which phones are staff. Their code is refused at verify.
        await sendCode(c, phone, 'login');
        return c.json(sent, 200);
      },
      codeRefusal,
    )
    .openapi(
      declared.verify,
      async (c) => {
        const body = c.req.valid('json');
        const phone = phoneOf(body);
        // The code first: until it is right, the answer is the same whoever holds the phone.
        await checkCode(c, phone, otpOf(body), 'login');
        const user = await findUserByPhone(db, tenantOf(c), phone);
        if (!user) throw new NoAccountError();
        if (isStaff(user)) throw new StaffSmsRefusedError();
        // U is described by the composition root's `userSchema`: the generic is not checked against it here.
        return c.json((await openSession(c, user, 'otp', deps)).answer as never, 200);
      },
      codeRefusal,
    )
    .openapi(
      declared.registerSend,
      async (c) => {
        const phone = phoneOf(c.req.valid('json'));
        // Sign-up sends a code to a number nobody has vouched for: only to a valid one (canonical-phone.ts).
        if (!isDialable(phone)) throw ValidationError.of('phone', NOT_DIALABLE);
        if (await findUserByPhone(db, tenantOf(c), phone)) throw new PhoneTakenError();
        await sendCode(c, phone, 'register');
        return c.json(sent, 200);
      },
      codeRefusal,
    )
    .openapi(
      declared.registerVerify,
      async (c) => {
        const body = c.req.valid('json');
        const phone = phoneOf(body);
        await checkCode(c, phone, otpOf(body), 'register');
        await store.set(`register:verified:${tenantOf(c)}:${phone}`, '1', REGISTRATION_WINDOW_MS);
        return c.json({ verified: true as const, message: 'Phone verified', expiresInSeconds: REGISTRATION_WINDOW_MS / 1000 }, 200);
      },
      codeRefusal,
    )
    .openapi(declared.register, async (c) => {
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
      return c.json({ ...answer, message: 'Registration successful' } as never, 201);
    });
}
