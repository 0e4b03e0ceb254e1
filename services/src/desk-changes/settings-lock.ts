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

/**
 * How long a change waits for another process's: far longer than a change takes (milliseconds), and
 * shorter than the request path's statement bound (DATABASE_STATEMENT_TIMEOUT_MS, 5 s by default;
 * decision 0061), so a busy lock answers 409 settings_busy rather than 503.
 */
const WAIT_MS = 4_000;

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
    // Local to this transaction: the pooled connection goes back as it was.
    await sql`select set_config('lock_timeout', ${`${WAIT_MS}ms`}, true)`.execute(trx);
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
