import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { DomainError } from '@desk/platform/errors/domain-error';
import type { ShortLivedStore } from '../kv/short-lived-store';
import { RateLimiter, TooManyRequestsError, type Attempt, type Limit } from '../kv/rate-limiter';
import type { OtpPurpose } from '../sms/sms-sender';

export const OTP_LENGTH = 6;
export const OTP_TTL_MS = 5 * 60_000;
export const RESEND_COOLDOWN_MS = 30_000;
export const MAX_WRONG_TRIES = 5;
/**
 * Codes sent to a phone on a brand (decision 0029, the review's F7): 5 an hour requested from any one
 * address, the owner's allowance; 15 an hour across every address, a bound on how many codes one
 * handset is sent that one address (5) never reaches, so a stranger needs three addresses to shut the
 * owner out for the rest of the hour. Both in one window: a longer phone-wide window would be
 * reached by one address alone over a few hours. Every address may ask for 20 an hour (any phones).
 */
export const SENDS_PER_PHONE_AND_IP: Limit = { name: 'otp-send:phone-ip', max: 5, windowMs: 60 * 60_000 };
export const SENDS_PER_PHONE: Limit = { name: 'otp-send:phone', max: 15, windowMs: 60 * 60_000 };
export const SENDS_PER_IP: Limit = { name: 'otp-send:ip', max: 20, windowMs: 60 * 60_000 };
/**
 * Wrong codes from one address, whatever the phone (the review's F8): 30 in 15 minutes, then 429.
 * Each code dies after 5 wrong tries; this bounds guessing spread over many phones' codes, and how
 * fast one address can spend other people's codes.
 */
export const VERIFY_FAILURES_PER_IP: Limit = { name: 'otp-verify-fail:ip', max: 30, windowMs: 15 * 60_000 };

/** A request whose address is not known counts as this one (all such requests together). */
const UNKNOWN_ADDRESS = 'unknown';

export class InvalidOtpError extends DomainError {
  constructor(message = 'The code is wrong or has expired. Please request a new one.') {
    super('invalid_otp', 400, message);
  }

  override body(): Record<string, unknown> {
    return { error: 'invalid_otp', code: this.code, message: this.message };
  }
}

/** Hands a code to delivery (a job): the OTP service never sends, and never logs, a code itself. */
export type DeliverOtp = (phone: string, code: string, purpose: OtpPurpose) => Promise<void>;

/**
 * One-time codes: 6 digits, single use, valid 5 minutes, a new one to a phone at most every 30 s
 * whatever it is for (sign-in, password reset, sign-up: one wait, so that asking for each in turn
 * does not send three times as fast), dead after 5 wrong tries; sends limited per phone and address,
 * per phone and per address; wrong codes limited per address. Only an HMAC of the code is stored.
 * Codes, cooldowns, tries and send counts are per brand and phone, as accounts are: a code sent on
 * one brand's site does not verify on another's (decision 0029).
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
    const address = ip ?? UNKNOWN_ADDRESS;
    const cooldown = otpCooldownKey(tenantId, phone);
    const wait = async () => {
      const seconds = Math.max(1, Math.ceil((await this.store.ttl(cooldown)) / 1000));
      return new TooManyRequestsError(`Please wait ${seconds} seconds before requesting another code`, seconds);
    };
    if ((await this.store.ttl(cooldown)) > 0) throw await wait();
    // The phone's count from this address first: a stranger refused there spends none of the
    // phone's count across addresses. A send refused by a later limit is taken back from the earlier.
    const counted = await this.countSend([
      [SENDS_PER_PHONE_AND_IP, `${subject}:${address}`],
      [SENDS_PER_PHONE, subject],
      [SENDS_PER_IP, address],
    ]);
    // Only a code actually sent starts the cooldown; claimed atomically, so two racing sends send one code.
    if (!(await this.store.setIfAbsent(cooldown, '1', RESEND_COOLDOWN_MS))) {
      await Promise.all(counted.map((attempt) => attempt.undo()));
      throw await wait();
    }

    const code = String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
    await this.store.set(`otp:code:${purpose}:${subject}`, this.hash(subject, purpose, code), OTP_TTL_MS);
    await this.store.delete(`otp:tries:${purpose}:${subject}`);
    if (deliver) await this.deliver(phone, code, purpose);
  }

  /**
   * Accepts the right code once; a wrong, expired, used or exhausted code is InvalidOtpError, counted
   * against the address (`ip`): past VERIFY_FAILURES_PER_IP, 429 before any code is looked at.
   */
  async verify(tenantId: string, phone: string, purpose: OtpPurpose, code: string, ip: string | null): Promise<void> {
    // Counted before the code is checked (a burst cannot get more checked than the allowance), taken back when right.
    const attempt = await this.limits.attempt(VERIFY_FAILURES_PER_IP, ip ?? UNKNOWN_ADDRESS, wrongCodes);
    await this.check(tenantId, phone, purpose, code);
    await attempt.undo();
  }

  private async check(tenantId: string, phone: string, purpose: OtpPurpose, code: string): Promise<void> {
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

  /** Counts one send on each limit in turn; refused by one, the earlier are taken back and it throws. */
  private async countSend(limits: [Limit, string][]): Promise<Attempt[]> {
    const counted: Attempt[] = [];
    for (const [limit, subject] of limits) {
      try {
        counted.push(await this.limits.attempt(limit, subject, tooManyCodes));
      } catch (error) {
        await Promise.all(counted.map((attempt) => attempt.undo()));
        throw error;
      }
    }
    return counted;
  }

  private hash(subject: string, purpose: OtpPurpose, code: string): string {
    return createHmac('sha256', this.secret).update(`${purpose}:${subject}:${code}`).digest('hex');
  }
}

const tooManyCodes = (minutes: number) => `Too many codes requested. Try again in ${minutes} minute(s).`;
const wrongCodes = (minutes: number) => `Too many wrong codes. Please try again in ${minutes} minute(s).`;

/** Whose codes and counts: a phone on a brand. */
export const otpSubject = (tenantId: string, phone: string): string => `${tenantId}:${phone}`;

/** The wait between two codes to a phone on a brand, whatever they are for. */
export const otpCooldownKey = (tenantId: string, phone: string): string => `otp:cooldown:${otpSubject(tenantId, phone)}`;
