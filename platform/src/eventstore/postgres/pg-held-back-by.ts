import type pg from 'pg';

/** A session whose open writing transaction keeps committed events out of reach of a reader (readAll's horizon). */
export interface HoldingSession {
  pid: number;
  applicationName: string;
  state: string;
  /** When its transaction began. */
  since: Date;
}

/**
 * The sessions with a writing transaction open longer than `olderThanMs`, oldest first: what a walk
 * that waits for events held back is waiting for (review 16). Any transaction that has written holds
 * the horizon (pg_snapshot_xmin) at its own id until it ends, an `idle in transaction` one too.
 */
export async function sessionsHoldingBack(pool: pg.Pool, olderThanMs: number): Promise<HoldingSession[]> {
  const { rows } = await pool.query<{ pid: number; application_name: string; state: string | null; xact_start: Date }>({
    name: 'es_sessions_holding_back',
    text: `select pid, application_name, state, xact_start from pg_stat_activity
      where backend_xid is not null and pid <> pg_backend_pid() and xact_start < now() - make_interval(secs => $1 / 1000.0)
      order by xact_start`,
    values: [olderThanMs],
  });
  return rows.map((row) => ({ pid: row.pid, applicationName: row.application_name, state: row.state ?? 'unknown', since: row.xact_start }));
}
