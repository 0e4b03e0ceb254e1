import type pg from 'pg';

export interface SqlCounts {
  /** Statements the database ran per placed order (transaction control included), its projection and background work too. */
  statementsPerOrder: number;
  /** Transactions that wrote (each one a WAL flush with fsync on) per placed order. */
  writesPerOrder: number;
  /** The database's own time (planning and executing, ms) per placed order. */
  databaseMsPerOrder: number;
  /** The same for the bench's own queries (its watcher and samplers), which the database's CPU includes. */
  benchQueriesMsPerOrder: number;
  /** The statements that took the database's time, per placed order: how often, and ms planning and executing. */
  top: { perOrder: number; msPerOrder: number; query: string }[];
}

/**
 * Counts what the database does over a window, to divide by the orders placed in it: statements
 * from pg_stat_statements (updated as each statement ends), and writing transactions as the
 * transaction ids handed out (every write needs one; reads do not). The whole server counts, so
 * the bench's own queries are told apart by `ownQuery` (and its instruments' by name) and left out. Null when the server has no
 * pg_stat_statements loaded (a BENCH_DATABASE_URL server without it).
 */
export async function startSqlCount(pool: pg.Pool) {
  try {
    await pool.query('create extension if not exists pg_stat_statements');
    await pool.query('select pg_stat_statements_reset()');
  } catch {
    return null;
  }
  const nextXid = async () => BigInt((await pool.query<{ xmax: string }>('select pg_snapshot_xmax(pg_current_snapshot())::text as xmax')).rows[0]!.xmax);
  const startXid = await nextXid();
  return {
    async stop(orders: number, ownQuery: (query: string) => boolean): Promise<SqlCounts> {
      const writes = Number((await nextXid()) - startXid);
      const { rows } = await pool.query<{ query: string; calls: string; ms: number }>(
        `select query, calls::text, total_exec_time + total_plan_time as ms
         from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database())`,
      );
      const bench = ['pg_stat_statements', 'pg_current_snapshot', 'pg_stat_activity'];
      const isBench = (query: string) => ownQuery(query) || bench.some((own) => query.includes(own));
      const theirs = rows.filter((r) => !isBench(r.query));
      const benchMs = rows.filter((r) => isBench(r.query)).reduce((sum, r) => sum + r.ms, 0);
      const perOrder = (n: number) => +(n / Math.max(orders, 1)).toFixed(2);
      const statements = theirs.reduce((sum, r) => sum + Number(r.calls), 0);
      const ms = theirs.reduce((sum, r) => sum + r.ms, 0);
      const top = theirs
        .sort((a, b) => b.ms - a.ms)
        .slice(0, 12)
        .map((r) => ({
          perOrder: perOrder(Number(r.calls)),
          msPerOrder: +(r.ms / Math.max(orders, 1)).toFixed(3),
          query: r.query.replace(/\s+/g, ' ').slice(0, 100),
        }));
      return {
        statementsPerOrder: perOrder(statements),
        writesPerOrder: perOrder(writes),
        databaseMsPerOrder: +(ms / Math.max(orders, 1)).toFixed(3),
        benchQueriesMsPerOrder: +(benchMs / Math.max(orders, 1)).toFixed(3),
        top,
      };
    },
  };
}
