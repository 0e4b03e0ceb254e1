import { sql, type Kysely } from 'kysely';

/**
 * One active instance per projection: a session-level advisory lock keyed by (class, hash of name).
 * The runner holds it on the same connection that writes the batches, so if that connection dies the
 * lock goes with it and no batch can be written without it.
 */
export const PROJECTION_LOCK_CLASS = 727_001;
const LOCK_CLASS = PROJECTION_LOCK_CLASS;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- advisory locks are raw SQL on any schema
export async function tryLockProjection(conn: Kysely<any>, name: string): Promise<boolean> {
  const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${LOCK_CLASS}, hashtext(${name})) as locked`.execute(conn);
  return rows[0]?.locked === true;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- advisory locks are raw SQL on any schema
export async function unlockProjection(conn: Kysely<any>, name: string): Promise<void> {
  await sql`select pg_advisory_unlock(${LOCK_CLASS}, hashtext(${name}))`.execute(conn);
}

export interface LockHolder {
  /** PostgreSQL backend pid of the holding connection. */
  pid: number;
  /** Its application_name: the process kind, host and OS pid (`usdt-desk-projector host:4242`). */
  instance: string | null;
}

/** The connection holding a projection's lock, or null when no instance is running it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- advisory locks are raw SQL on any schema
export async function projectionLockHolder(db: Kysely<any>, name: string): Promise<LockHolder | null> {
  const { rows } = await sql<{ pid: number; instance: string | null }>`
    select l.pid, a.application_name as instance
    from pg_locks l left join pg_stat_activity a on a.pid = l.pid
    where l.locktype = 'advisory' and l.granted and l.objsubid = 2
      and l.classid::bigint = ${LOCK_CLASS}
      and l.objid::bigint = (hashtext(${name})::bigint & 4294967295)
      and l.database = (select oid from pg_database where datname = current_database())`.execute(db);
  const row = rows[0];
  return row ? { pid: row.pid, instance: row.instance || null } : null;
}
