import type pg from 'pg';

export interface WaitShares {
  samples: number;
  /** Sessions of the server that were not idle, on average per sample. */
  busySessions: number;
  /** What those sessions were doing, as shares of all their observations, largest first. */
  shares: { what: string; share: number }[];
}

/** What one session is doing, in words: on CPU, waiting on something, or holding a transaction open while the app works. */
type Row = { state: string | null; wait_event_type: string | null; wait_event: string | null; query: string | null };

/** What one session is doing, in words: on CPU, waiting on something, or holding a transaction open (after which statement) while the app works. */
function activity(row: Row): string | null {
  if (row.state === 'active') return row.wait_event ? `waiting: ${row.wait_event_type}/${row.wait_event}` : 'running';
  if (row.state === 'idle in transaction') return `idle in transaction after: ${(row.query ?? '').replace(/\s+/g, ' ').slice(0, 70)}`;
  return null;
}

/**
 * Samples the server's sessions (pg_stat_activity, every `everyMs`) until stopped: where a request's
 * database time goes when neither core is busy (lock waits, WAL flushes, transactions held open
 * while the app does other work). The bench's own sessions (`ownApplication`) are left out.
 */
export function sampleWaits(pool: pg.Pool, ownApplication: string, everyMs = 10) {
  const counts = new Map<string, number>();
  let samples = 0;
  let busy = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const { rows } = await pool.query<Row>(
        `select state, wait_event_type, wait_event, query from pg_stat_activity
         where datname = current_database() and pid <> pg_backend_pid() and application_name <> $1 and backend_type = 'client backend'`,
        [ownApplication],
      );
      samples += 1;
      for (const row of rows) {
        const what = activity(row);
        if (!what) continue;
        busy += 1;
        counts.set(what, (counts.get(what) ?? 0) + 1);
      }
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    async stop(): Promise<WaitShares> {
      running = false;
      await loop;
      const shares = [...counts].sort((a, b) => b[1] - a[1]).map(([what, n]) => ({ what, share: +(n / Math.max(busy, 1)).toFixed(3) }));
      return { samples, busySessions: +(busy / Math.max(samples, 1)).toFixed(2), shares };
    },
  };
}
