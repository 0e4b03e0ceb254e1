import { sql, type Kysely } from 'kysely';
import { fixedError } from '@desk/platform/errors/domain-error';

/**
 * The lock every change that affects settings (the Global Settings, a brand's overrides) holds from
 * judging to writing (decision 0030, second addendum of 2026-11-27). A global change is judged
 * against every brand's overrides, and a brand's against the Global Settings; each write pinned only
 * its own stream, so two changes sent at once were each judged against the other's old state and
 * both applied (the second review's N1a: a brand's base rate 1 and the global cash buy rate 0 moved
 * the brand's cash buy rate from 85 to 1, one admin, no second). Under the lock they take turns: the
 * second is judged against what the first wrote.
 *
 * A PostgreSQL advisory lock, in the services' database (the event store may be elsewhere), taken
 * with `pg_advisory_xact_lock` in a transaction that holds nothing else: it ends with the
 * transaction, whatever happens to the work or the process. The work itself runs on other pooled
 * connections (event store reads and appends). In one process the changes queue before taking a
 * connection, so waiting never holds more than one pooled connection per process.
 */
const SETTINGS_LOCK_KEY = 7_240_113_030;

/** How long a change waits for another process's at most: far longer than a change takes (milliseconds). */
const WAIT_MS = 4_000;

/**
 * The wait under a statement bound (the session's `statement_timeout`, DATABASE_STATEMENT_TIMEOUT_MS
 * on the request path; 0 where there is none, decision 0061): it ends a second (or half the bound,
 * when that is shorter) before the bound, so the server refuses a busy lock as a lock (409
 * settings_busy) before it cancels the wait as a statement (57014, answered 503 as an outage). With a
 * fixed 4 s wait, every bound of 4 s or less, which the start accepts, turned the 409 into a 503
 * (review 17, F5).
 */
export function lockWaitMs(statementMs: number): number {
  if (statementMs <= 0) return WAIT_MS;
  return Math.max(1, Math.min(WAIT_MS, statementMs - Math.min(1_000, Math.floor(statementMs / 2))));
}

/** 409: another change to the settings held the lock for longer than a change ever should. */
export const SettingsBusyError = fixedError('settings_busy', 409, 'Another change to the settings is being made at this moment: try again in a few seconds');

/** Runs one change that affects settings, from judging to writing, while no other runs (any process). */
export type SettingsLock = <T>(work: () => Promise<T>) => Promise<T>;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- advisory locks are raw SQL on any schema
export function settingsLock(db: Kysely<any>): SettingsLock {
  let queue: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>): Promise<T> => {
    const turn = queue.then(() => locked(db, work));
    queue = turn.catch(() => undefined);
    return turn;
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- advisory locks are raw SQL on any schema
function locked<T>(db: Kysely<any>, work: () => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    // The bound this session runs under, whichever pool it came from (the server reads the setting in any unit).
    const { rows } = await sql<{ ms: number }>`select (extract(epoch from current_setting('statement_timeout')::interval) * 1000)::int as ms`.execute(trx);
    // Local to this transaction: the pooled connection goes back as it was.
    await sql`select set_config('lock_timeout', ${`${lockWaitMs(rows[0]!.ms)}ms`}, true)`.execute(trx);
    try {
      await sql`select pg_advisory_xact_lock(${SETTINGS_LOCK_KEY}::bigint)`.execute(trx);
    } catch (error) {
      if ((error as { code?: string }).code === LOCK_NOT_AVAILABLE) throw new SettingsBusyError();
      throw error;
    }
    return work();
  });
}

/** PostgreSQL's lock_timeout. */
const LOCK_NOT_AVAILABLE = '55P03';
