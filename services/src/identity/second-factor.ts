import type { Context } from 'hono';
import QRCode from 'qrcode';
import { AUTHENTICATOR_ENROLLED } from '@desk/machines/identity/user.events';
import { DomainError, fixedError } from '@desk/platform/errors/domain-error';
import { commandMetadata } from '../http/request-context';
import type { ProxyTrust } from '../http/proxy-trust';
import type { Limit } from '../kv/rate-limiter';
import { recordAccountLockOut } from './sign-in-lock-outs';
import type { SignInDeps } from './staff-sign-in';
import { endSessionsRecorded, selfActor } from './user-sessions';
import type { Trail } from './user-trail';
import type { UserRow } from './users.repository';
import type { Kysely } from 'kysely';
import type { ServicesDatabase } from '../db/services-database';

/** Wrong authenticator or recovery codes for one account: 5 in 15 minutes, then 429 (a code is 1 in a million, a window of 3). */
export const SECOND_FACTOR_FAILURES: Limit = { name: 'second-factor-fail:user', max: 5, windowMs: 15 * 60_000 };

export class WrongCodeError extends DomainError {
  constructor(message = 'That code is not right. Check the time on your phone and try the newest code.') {
    super('invalid_code', 400, message);
  }
}
export const NoPendingEnrolmentError = fixedError('no_enrolment', 409, 'Start again: scan a new QR code with your authenticator app');
export const AlreadyEnrolledError = fixedError('already_enrolled', 409, 'This account already has an authenticator. Please sign in again.');

const lockedOut = (minutes: number) => `Too many wrong codes. Please try again in ${minutes} minute(s).`;

/**
 * Checks a second-factor code for `user` under the per-account limit: counted before it is checked
 * (a burst cannot get more checked than the allowance), taken back when right; the attempt that
 * locks is recorded as SignInLockedOut. Throws WrongCodeError for a wrong code.
 */
export async function checkedCode(
  c: Context,
  user: UserRow,
  deps: Pick<SignInDeps, 'limits'> & { trail: Trail; trustProxy: ProxyTrust },
  check: () => Promise<boolean>,
): Promise<void> {
  const attempt = await deps.limits.attempt(SECOND_FACTOR_FAILURES, user.id, lockedOut);
  if (await check()) return attempt.undo();
  await recordAccountLockOut(
    deps.trail,
    user,
    { limit: SECOND_FACTOR_FAILURES, started: attempt.started },
    commandMetadata(c, selfActor(user), deps.trustProxy),
  );
  throw new WrongCodeError();
}

const pendingKey = (userId: string) => `totp:pending:${userId}`;
const PENDING_MS = 15 * 60_000;

/** Starts an enrolment: a new secret, kept sealed until confirmed; what the screen shows to add it to an app. */
export async function startEnrolment(user: UserRow, deps: SignInDeps) {
  const created = deps.authenticators.create(await deps.brandName(user.tenant_id), user.phone);
  await deps.store.set(pendingKey(user.id), deps.authenticators.sealFor(user.id, created.secret), PENDING_MS);
  const qrDataUrl = await QRCode.toDataURL(created.otpauthUrl, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
  return { secret: created.secret, otpauthUrl: created.otpauthUrl, qrDataUrl };
}

/**
 * Confirms an enrolment with a code from the app: the secret becomes the account's authenticator
 * (replacing any other), with ten new recovery codes (answered once, kept hashed), and
 * AuthenticatorEnrolled is recorded, never with the secret. `firstOnly`: refused if one was enrolled
 * meanwhile. `keepSession`: a signed-in holder's session; when the new authenticator replaces
 * another, every other session of the account ends with it (the review's I1: sessions opened with
 * the old one, on a phone that may be lost or in other hands, must not outlive it), recorded as
 * SessionsRevoked `authenticator_replaced`.
 */
export async function confirmEnrolment(
  c: Context,
  user: UserRow,
  code: string,
  deps: SignInDeps & { db: Kysely<ServicesDatabase>; trail: Trail; trustProxy: ProxyTrust },
  firstOnly: boolean,
  keepSession: string | null = null,
): Promise<string[]> {
  const sealed = await deps.store.get(pendingKey(user.id));
  const secret = sealed ? deps.authenticators.openPending(user.id, sealed) : null;
  if (!secret) throw new NoPendingEnrolmentError();
  let step: number | null = null;
  await checkedCode(c, user, deps, async () => (step = deps.authenticators.stepOf(secret, code.trim())) !== null);
  const metadata = commandMetadata(c, selfActor(user), deps.trustProxy);
  const { codes, ended } = await deps.db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('staff_authenticators').select('user_id').where('user_id', '=', user.id).forUpdate().executeTakeFirst();
    if (before && firstOnly) throw new AlreadyEnrolledError();
    const kept = await deps.authenticators.keep(trx, user.id, secret, step!, new Date(metadata.acceptedAt));
    const data = { userId: user.id, tenantId: user.tenant_id, replaced: before !== undefined, recoveryCodes: kept.length, enrolledAt: metadata.acceptedAt };
    await deps.trail.record(user, [{ type: AUTHENTICATOR_ENROLLED, data }], metadata);
    const others =
      before && keepSession !== null ? await endSessionsRecorded(trx, deps.trail, user, 'authenticator_replaced', metadata, { except: keepSession }) : [];
    return { codes: kept, ended: others };
  });
  deps.sessions.forget(ended);
  await deps.store.delete(pendingKey(user.id));
  return codes;
}
