import { createHmac, randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { Secret, TOTP } from 'otpauth';
import type { ServicesDatabase } from '../db/services-database';
import { derivedKey, SecretSeal } from './sealed-secret';

type Db = Kysely<ServicesDatabase>;

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30 s steps. */
const TOTP_SETTINGS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;
/** A code from the step before or after is taken too: a phone's clock a little off, a code typed as it turned. */
const WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;
/** Crockford's base32: no I, L, O or U to misread; 12 characters are 60 random bits. */
const RECOVERY_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** What the enrolment screen shows: the secret as text, and the otpauth:// link its QR code holds. */
export interface NewAuthenticator {
  secret: string;
  otpauthUrl: string;
}

/**
 * Staff authenticators (TOTP through `otpauth`, a well-kept RFC 6238 library) and recovery codes
 * (decision 0029). Secrets are sealed (sealed-secret.ts) and never leave this class but as the
 * enrolment's text and link; recovery codes are kept as HMACs under a key derived from the token
 * secret, each spent once.
 */
export class StaffAuthenticators {
  private readonly seal: SecretSeal;
  private readonly codeKey: Buffer;

  constructor(
    private readonly db: Db,
    tokenSecret: string,
  ) {
    this.seal = new SecretSeal(tokenSecret, 'staff-totp-secrets');
    this.codeKey = derivedKey(tokenSecret, 'staff-recovery-codes');
  }

  /** A fresh secret (160 bits, RFC 4226's recommendation), for `label` (the phone) at `issuer` (the brand). */
  create(issuer: string, label: string): NewAuthenticator {
    const totp = new TOTP({ ...TOTP_SETTINGS, issuer, label, secret: new Secret({ size: 20 }) });
    return { secret: totp.secret.base32, otpauthUrl: totp.toString() };
  }

  /** A secret sealed for `userId`, to keep between the enrolment's two steps. */
  sealFor(userId: string, secret: string): string {
    return this.seal.seal(secret, userId);
  }

  /** The time step `code` is valid for under `secret` at `now`, or null. */
  stepOf(secret: string, code: string, now = Date.now()): number | null {
    if (!/^\d{6}$/.test(code)) return null;
    const delta = TOTP.validate({ ...TOTP_SETTINGS, token: code, secret: Secret.fromBase32(secret), timestamp: now, window: WINDOW });
    return delta === null ? null : TOTP.counter({ period: TOTP_SETTINGS.period, timestamp: now }) + delta;
  }

  /** The pending secret a sealed value holds (the enrolment's second step), or null if it is not one of this user's. */
  openPending(userId: string, sealed: string): string | null {
    try {
      return this.seal.open(sealed, userId);
    } catch {
      return null;
    }
  }

  async enrolledAt(userId: string): Promise<Date | null> {
    const row = await this.db.selectFrom('staff_authenticators').select('enrolled_at').where('user_id', '=', userId).executeTakeFirst();
    return row?.enrolled_at ?? null;
  }

  async recoveryCodesLeft(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('staff_recovery_codes')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * Whether `code` is the user's current code, spending its step: the same code (or an older one)
   * is refused afterwards, even by a request racing this one (the step moves on in one statement).
   */
  async verify(userId: string, code: string, now = Date.now()): Promise<boolean> {
    const row = await this.db.selectFrom('staff_authenticators').select('secret_sealed').where('user_id', '=', userId).executeTakeFirst();
    // A secret sealed under another token secret (JWT_SECRET changed) opens no more: reset-totp, then enrol again.
    const secret = row ? this.openPending(userId, row.secret_sealed) : null;
    if (secret === null) return false;
    const step = this.stepOf(secret, code, now);
    if (step === null) return false;
    const spent = await this.db
      .updateTable('staff_authenticators')
      .set({ last_step: step })
      .where('user_id', '=', userId)
      .where('last_step', '<', String(step))
      .returning('user_id')
      .executeTakeFirst();
    return spent !== undefined;
  }

  /** Spends a recovery code; true when it was one of the user's, unspent. */
  async spendRecoveryCode(db: Db, userId: string, code: string, now = new Date()): Promise<boolean> {
    const normal = normaliseRecoveryCode(code);
    if (normal === null) return false;
    const spent = await db
      .updateTable('staff_recovery_codes')
      .set({ used_at: now })
      .where('user_id', '=', userId)
      .where('code_hash', '=', this.hash(userId, normal))
      .where('used_at', 'is', null)
      .returning('user_id')
      .executeTakeFirst();
    return spent !== undefined;
  }

  /**
   * Keeps `secret` as the user's authenticator (replacing any other) with ten new recovery codes
   * (the old ones stop working), in the caller's transaction. Answers the codes, to be shown once.
   */
  async keep(trx: Db, userId: string, secret: string, step: number, now = new Date()): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    const sealed = this.seal.seal(secret, userId);
    await trx
      .insertInto('staff_authenticators')
      .values({ user_id: userId, secret_sealed: sealed, enrolled_at: now, last_step: step })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ secret_sealed: sealed, enrolled_at: now, last_step: step }))
      .execute();
    await trx.deleteFrom('staff_recovery_codes').where('user_id', '=', userId).execute();
    await trx
      .insertInto('staff_recovery_codes')
      .values(codes.map((code) => ({ user_id: userId, code_hash: this.hash(userId, normaliseRecoveryCode(code)!) })))
      .execute();
    return codes;
  }

  private hash(userId: string, normal: string): string {
    return createHmac('sha256', this.codeKey).update(`${userId}:${normal}`).digest('hex');
  }
}

/** Removes the user's authenticator and recovery codes (the admin CLI's reset-totp); true if there was one. */
export async function removeAuthenticator(trx: Db, userId: string): Promise<boolean> {
  await trx.deleteFrom('staff_recovery_codes').where('user_id', '=', userId).execute();
  const removed = await trx.deleteFrom('staff_authenticators').where('user_id', '=', userId).executeTakeFirst();
  return Number(removed.numDeletedRows) > 0;
}

/** xxxx-xxxx-xxxx in Crockford's base32. */
function newRecoveryCode(): string {
  const chars = Array.from({ length: 12 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
}

/** A recovery code as typed (any case, spaces or dashes, I/L for 1 and O for 0), or null if it cannot be one. */
export function normaliseRecoveryCode(typed: string): string | null {
  const plain = typed.toLowerCase().replace(/[\s-]/g, '').replace(/[il]/g, '1').replace(/o/g, '0');
  return /^[0-9a-hjkmnp-tv-z]{12}$/.test(plain) ? plain : null;
}
