import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { DomainError } from '@desk/platform/errors/domain-error';
import type { ShortLivedStore } from '../kv/short-lived-store';
import { RateLimiter, TooManyRequestsError, type Limit } from '../kv/rate-limiter';
import type { OtpPurpose } from '../sms/sms-sender';

export const OTP_LENGTH = 6;
export const OTP_TTL_MS = 5 * 60_000;
export const RESEND_COOLDOWN_MS = 30_000;
export const MAX_WRONG_TRIES = 5;
export const SENDS_PER_PHONE: Limit = { name: 'otp-send:phone', max: 5, windowMs: 60 * 60_000 };
const SENDS_PER_IP: Limit = { name: 'otp-send:ip', max: 20, windowMs: 60 * 60_000 };

export class InvalidOtpError extends DomainError {
  constructor(message = 'The code is wrong or has expired. Please request a new one.') {
    super('invalid_otp', 400, message);
  }

  override body(): Record<string, unknown> {
    return { error: 'invalid_otp', message: this.message };
  }
}

/** Hands a code to delivery (a job): the OTP service never sends, and never logs, a code itself. */
export type DeliverOtp = (phone: string, code: string, purpose: OtpPurpose) => Promise<void>;

/**
 * One-time codes: 6 digits, single use, valid 5 minutes, a new one at most every 30 s, dead after 5
 * wrong tries; sends limited per phone and per IP. Only an HMAC of the code is stored. Codes,
 * cooldowns, tries and send counts are per brand and phone, as accounts are: a code sent on one
 * brand's site does not verify on another's (decision 0029).
 */
export class OtpService {
  private readonly limits: RateLimiter;

  constructor(
    private readonly store: ShortLivedStore,
    private readonly secret: string,
    private readonly deliver: DeliverOtp,
  ) {
    this.limits = new RateLimiter(store);
  }

  /**
   * Sends a code, or with `deliver: false` goes through every limit and keeps a code that nobody
   * receives: answered the same, so the answer does not tell whether the phone has an account.
   */
  async send(tenantId: string, phone: string, purpose: OtpPurpose, ip: string | null, { deliver = true } = {}): Promise<void> {
    const subject = otpSubject(tenantId, phone);
    const cooldown = `otp:cooldown:${purpose}:${subject}`;
    const wait = async () => {
      const seconds = Math.max(1, Math.ceil((await this.store.ttl(cooldown)) / 1000));
      return new TooManyRequestsError(`Please wait ${seconds} seconds before requesting another code`, seconds);
    };
    if ((await this.store.ttl(cooldown)) > 0) throw await wait();
    const tooMany = (minutes: number) => `Too many codes requested. Try again in ${minutes} minute(s).`;
    await this.limits.hit(SENDS_PER_PHONE, subject, tooMany);
    if (ip) await this.limits.hit(SENDS_PER_IP, ip, tooMany);
    // Only a code actually sent starts the cooldown; claimed atomically, so two racing sends send one code.
    if (!(await this.store.setIfAbsent(cooldown, '1', RESEND_COOLDOWN_MS))) throw await wait();

    const code = String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
    await this.store.set(`otp:code:${purpose}:${subject}`, this.hash(subject, purpose, code), OTP_TTL_MS);
    await this.store.delete(`otp:tries:${purpose}:${subject}`);
    if (deliver) await this.deliver(phone, code, purpose);
  }

  /** True once for the right code; a wrong, expired, used or exhausted code is InvalidOtpError. */
  async verify(tenantId: string, phone: string, purpose: OtpPurpose, code: string): Promise<void> {
    const subject = otpSubject(tenantId, phone);
    const key = `otp:code:${purpose}:${subject}`;
    const stored = await this.store.get(key);
    if (!stored || !/^\d{6}$/.test(code)) throw new InvalidOtpError();
    // Counted before comparing, atomically, so parallel guesses cannot exceed the allowance.
    const tries = await this.store.increment(`otp:tries:${purpose}:${subject}`, OTP_TTL_MS);
    if (tries > MAX_WRONG_TRIES) {
      await this.store.delete(key);
      throw new InvalidOtpError('Too many wrong codes. Please request a new one.');
    }
    const expected = Buffer.from(stored, 'hex');
    const given = Buffer.from(this.hash(subject, purpose, code), 'hex');
    if (!timingSafeEqual(expected, given)) {
      if (tries === MAX_WRONG_TRIES) await this.store.delete(key);
      throw new InvalidOtpError();
    }
    await this.store.delete(key, `otp:tries:${purpose}:${subject}`);
  }

  private hash(subject: string, purpose: OtpPurpose, code: string): string {
    return createHmac('sha256', this.secret).update(`${purpose}:${subject}:${code}`).digest('hex');
  }
}

/** Whose codes and counts: a phone on a brand. */
export const otpSubject = (tenantId: string, phone: string): string => `${tenantId}:${phone}`;
