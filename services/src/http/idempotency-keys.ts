import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { logger } from '@desk/platform/logging/logger';
import type { ServicesDatabase } from '../db/services-database';

/** How long a key answers with its first answer; after this it is a new key (and the sweep deletes it). */
export const KEY_LIFETIME_MS = 24 * 3_600_000;
/**
 * A claim not renewed for this long was left by a dead process: a retry may take it over. The
 * holder renews every RENEW_EVERY_MS while its request runs, so a live request (however slow: no
 * server timeout bounds a handler's run) keeps its claim; a minute is three renewals missed, far
 * past any event-loop stall or pause a live process has.
 */
export const CLAIM_TIMEOUT_MS = 60_000;
export const RENEW_EVERY_MS = 20_000;

/**
 * The claim a request holds on its key: the request the key stands for, and the holder's token.
 * `rerun`: this claim ran the request before (taken over after its lease ran out, or retaken after a
 * release), so its first run may have left work under `requestId` (decision 0062).
 */
export interface Claim {
  requestId: string;
  token: string;
  rerun?: boolean;
}

/** The first answer kept under a key, or that its request is still running. */
export type Held = { kind: 'reused' } | { kind: 'in_progress' } | { kind: 'answered'; status: number; body: string };

/**
 * The rows behind idempotency.ts. Every decision about who runs is one statement, so two copies of a
 * request racing each other (two retries at once, two API processes) cannot both run: the insert's
 * conflict takes the row's lock, and its condition decides on the row as it is then.
 */
export class IdempotencyKeys {
  constructor(
    private readonly db: Kysely<ServicesDatabase>,
    private readonly lifetimeMs = KEY_LIFETIME_MS,
    /** How long a claim not renewed is held for its holder (the holder stops trying to settle it after this). */
    readonly claimTimeoutMs = CLAIM_TIMEOUT_MS,
  ) {}

  /**
   * Claims the key for this request: a new key; one past its lifetime (a new request, with a new
   * request id, even before the sweep deletes it); or the same request's claim left unrenewed by a
   * dead process (taken over, keeping its request id so the retry finds what the first run did).
   * Null when the key is held: the caller reads what it holds. `token` is the holder's, drawn by the
   * caller so it can give the claim up even when this statement's reply was lost.
   */
  async claim(scope: string, key: string, requestHash: string, token: string = randomUUID()): Promise<Claim | null> {
    const lifetime = `${this.lifetimeMs} milliseconds`;
    const timeout = `${this.claimTimeoutMs} milliseconds`;
    // `prior`: the claim as it was before this statement, to tell a lease that ran out (a death) from a release (a 5xx).
    const { rows } = await sql<{ request_id: string; claim_token: string; rerun: boolean; released: boolean | null }>`
      with prior as (select claimed_at from idempotency_keys where scope = ${scope} and key = ${key})
      insert into idempotency_keys as k (scope, key, request_hash, claim_token)
      values (${scope}, ${key}, ${requestHash}, ${token}::uuid)
      on conflict (scope, key) do update set
        request_id = case when k.created_at < now() - ${lifetime}::interval then gen_random_uuid() else k.request_id end,
        request_hash = excluded.request_hash,
        status_code = null,
        response_body = null,
        completed_at = null,
        created_at = case when k.created_at < now() - ${lifetime}::interval then now() else k.created_at end,
        claim_token = excluded.claim_token,
        claimed_at = now()
      where k.created_at < now() - ${lifetime}::interval
        or (k.status_code is null and k.request_hash = excluded.request_hash and k.claimed_at < now() - ${timeout}::interval)
      returning request_id, claim_token, xmax <> '0'::xid and created_at <> now() as rerun,
        (select claimed_at = '-infinity'::timestamptz from prior) as released`.execute(this.db);
    const row = rows[0];
    if (row?.rerun) {
      // Worth knowing: a process stopped mid-request (killed, or its host lost) and its client retried.
      // A retry after a 5xx answer (the claim released) is the ordinary case, at info.
      if (row.released) logger.info('an Idempotency-Key is run again after its request failed', { requestId: row.request_id });
      else logger.warn('an Idempotency-Key is run again: its request stopped without an answer', { requestId: row.request_id });
    }
    return row ? { requestId: row.request_id, token: row.claim_token, rerun: row.rerun } : null;
  }

  /** What a key claimed by another request holds, for this request's hash. */
  async held(scope: string, key: string, requestHash: string): Promise<Held> {
    const row = await this.db
      .selectFrom('idempotency_keys')
      .select(['request_hash', 'status_code', 'response_body'])
      .where('scope', '=', scope)
      .where('key', '=', key)
      .executeTakeFirst();
    // Gone between the claim and this read: swept, or given up after a failure. Still running as far
    // as this request can tell; its retry claims it anew.
    if (!row) return { kind: 'in_progress' };
    if (row.request_hash !== requestHash) return { kind: 'reused' };
    if (row.status_code === null) return { kind: 'in_progress' };
    return { kind: 'answered', status: row.status_code, body: row.response_body ?? '' };
  }

  /** Renews the claim while its request runs; false once another request took it over. */
  async renew(scope: string, key: string, claim: Claim): Promise<boolean> {
    const result = await this.db
      .updateTable('idempotency_keys')
      .set({ claimed_at: sql<Date>`now()` })
      .where('scope', '=', scope)
      .where('key', '=', key)
      .where('claim_token', '=', claim.token)
      .where('status_code', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Records the answer, if this request still holds the claim (one that lost it answers nothing for the key). */
  async complete(scope: string, key: string, claim: Claim, status: number, body: string): Promise<void> {
    await this.db
      .updateTable('idempotency_keys')
      .set({ status_code: status, response_body: body, completed_at: new Date() })
      .where('scope', '=', scope)
      .where('key', '=', key)
      .where('claim_token', '=', claim.token)
      .execute();
  }

  /**
   * Gives the claim up (the request failed on the server's side): a retry of the same request takes it
   * over at once and runs again **under the same request id**. The row is kept, not deleted: a request
   * that failed after its events were appended (the database went away before its answer was kept)
   * must be found by its retry, which then answers as done instead of refusing what it already did
   * (the chaos run saw a completion answered 503 and its retry 409 invalid_transition).
   */
  async release(scope: string, key: string, claim: Pick<Claim, 'token'>): Promise<void> {
    await this.releaseAny(scope, key, [claim.token]);
  }

  /** The same for whichever of `tokens` holds the key (claims of one process whose replies were lost). */
  async releaseAny(scope: string, key: string, tokens: readonly string[]): Promise<void> {
    await this.db
      .updateTable('idempotency_keys')
      .set({ claimed_at: sql<Date>`'-infinity'::timestamptz`, claim_token: sql<string>`gen_random_uuid()` })
      .where('scope', '=', scope)
      .where('key', '=', key)
      .where('claim_token', 'in', tokens)
      .where('status_code', 'is', null)
      .execute();
  }

  /**
   * Deletes keys past their lifetime, `batch` at a time (each batch a short statement on
   * `created_at`'s index, so no long lock or transaction), until none is left or `maxBatches` ran.
   * Answers how many went.
   */
  async sweep(batch = 1_000, maxBatches = 100): Promise<number> {
    let deleted = 0;
    for (let i = 0; i < maxBatches; i++) {
      const { numAffectedRows } = await sql`
        delete from idempotency_keys where ctid in (
          select ctid from idempotency_keys where created_at < now() - ${`${this.lifetimeMs} milliseconds`}::interval
          order by created_at limit ${batch} for update skip locked)`.execute(this.db);
      const count = Number(numAffectedRows ?? 0n);
      deleted += count;
      if (count < batch) break;
    }
    return deleted;
  }
}
