import { Gauge, type Registry } from 'prom-client';
import type pg from 'pg';
import type { ProjectionStatus } from '@desk/projections/runtime/projection-status';
import type { JobQueue } from '../jobs/job-queue';

/** What the gauges read, at each scrape. */
export interface StateSources {
  pool: Pick<pg.Pool, 'totalCount' | 'idleCount' | 'waitingCount'>;
  queue: Pick<JobQueue, 'kind' | 'depth'>;
  /** Every projection's status (projection-status.ts): a few indexed queries each. */
  projections: () => Promise<ProjectionStatus[]>;
}

/** One source's gauges: `refresh` reads it now; `clear` drops its series when it could not be read. */
export interface Sampler {
  source: string;
  refresh(): Promise<void>;
  clear(): void;
}

/**
 * Gauges of the state behind the API, read when Prometheus scrapes (nothing runs between scrapes):
 * the database pool, the job queue and the projections: the three things operations.md says to watch.
 */
export function stateSamplers(registry: Registry, sources: StateSources): Sampler[] {
  const gauge = <L extends string>(name: string, help: string, labelNames: readonly L[] = []) =>
    new Gauge<L>({ name, help, labelNames, registers: [registry] });

  const poolTotal = gauge('desk_db_pool_connections', 'Connections the PostgreSQL pool holds open');
  const poolIdle = gauge('desk_db_pool_idle_connections', 'Open pool connections not checked out');
  const poolWaiting = gauge(
    'desk_db_pool_waiting_requests',
    'Queries waiting for a pool connection (above 0 for long: the pool is too small or a query too slow)',
  );
  const jobs = gauge('desk_job_queue_jobs', 'Jobs not finished yet, by state (waiting: due, not started)', ['queue', 'state']);
  const lag = gauge('desk_projection_lag_seconds', 'How long the first event a projection has not applied has waited (0 when caught up)', ['projection']);
  const behind = gauge('desk_projection_events_behind', 'Events in the log after the projection checkpoint, counted up to 100,000', ['projection']);
  // The count stops at its bound (projection-status.ts): past it the gauge above stands still while a
  // backlog grows or drains, so this says it stopped (review 19); the lag still moves.
  const moreBehind = gauge(
    'desk_projection_events_behind_more',
    '1 when more events are behind than desk_projection_events_behind counted (it stops at 100,000)',
    ['projection'],
  );
  const running = gauge('desk_projection_running', '1 when some projector process holds the projection lock', ['projection']);
  const failing = gauge('desk_projection_failing', '1 while the projection last batch failed (lastError set)', ['projection']);
  const quarantined = gauge('desk_projection_quarantined_events', 'Events stepped past because applying them kept failing, since the last rebuild', [
    'projection',
  ]);
  const projectionGauges = [lag, behind, moreBehind, running, failing, quarantined];

  return [
    {
      source: 'db_pool',
      refresh: async () => {
        poolTotal.set(sources.pool.totalCount);
        poolIdle.set(sources.pool.idleCount);
        poolWaiting.set(sources.pool.waitingCount);
      },
      clear: () => [poolTotal, poolIdle, poolWaiting].forEach((g) => g.reset()),
    },
    {
      source: 'job_queue',
      refresh: async () => {
        const depth = await sources.queue.depth();
        for (const [state, count] of Object.entries(depth)) jobs.set({ queue: sources.queue.kind, state }, count);
      },
      clear: () => jobs.reset(),
    },
    {
      source: 'projections',
      refresh: async () => {
        const statuses = await sources.projections();
        // A projection that no longer exists must not linger with its last values.
        projectionGauges.forEach((g) => g.reset());
        for (const status of statuses) {
          const projection = status.name;
          lag.set({ projection }, status.lagMs / 1000);
          behind.set({ projection }, status.eventsBehind);
          moreBehind.set({ projection }, status.moreBehind ? 1 : 0);
          running.set({ projection }, status.activePid === null ? 0 : 1);
          failing.set({ projection }, status.lastError === null ? 0 : 1);
          quarantined.set({ projection }, status.quarantined);
        }
      },
      clear: () => projectionGauges.forEach((g) => g.reset()),
    },
  ];
}
