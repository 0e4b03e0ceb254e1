import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import type { ProjectionStatus } from '@desk/projections/runtime/projection-status';
import { createMetrics } from './metrics';
import type { StateSources } from './state-gauges';
import { requestLog } from '../http/request-log';

function status(name: string, over: Partial<ProjectionStatus> = {}): ProjectionStatus {
  return {
    name,
    checkpoint: null,
    eventsApplied: 0,
    eventsBehind: 0,
    moreBehind: false,
    lagMs: 0,
    lastEventAt: null,
    activePid: 4242,
    activeInstance: 'usdt-desk-projector host:4242',
    rebuilding: null,
    lastError: null,
    quarantined: 0,
    quarantine: [],
    ...over,
  };
}

function sources(over: Partial<StateSources> = {}): StateSources {
  return {
    pool: { totalCount: 7, idleCount: 5, waitingCount: 2 },
    queue: { kind: 'in-process', depth: async () => ({ waiting: 1, delayed: 12, active: 3 }) },
    projections: async () => [status('orders', { eventsBehind: 40, lagMs: 2_500, lastError: 'boom', quarantined: 2 }), status('tenants', { activePid: null })],
    ...over,
  };
}

/** The value of one series in Prometheus' text format, or undefined when it is absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('metrics', () => {
  it('reads the pool, the job queue and every projection at scrape time', async () => {
    const text = await createMetrics(sources()).scrape();
    const series = (names: string[]) => names.map((name) => sample(text, name));
    const ofProjection = (projection: string) =>
      series(
        ['lag_seconds', 'events_behind', 'failing', 'quarantined_events', 'running'].map((metric) => `desk_projection_${metric}{projection="${projection}"}`),
      );
    expect(series(['desk_db_pool_connections', 'desk_db_pool_idle_connections', 'desk_db_pool_waiting_requests'])).toEqual([7, 5, 2]);
    expect(series(['waiting', 'delayed', 'active'].map((state) => `desk_job_queue_jobs{queue="in-process",state="${state}"}`))).toEqual([1, 12, 3]);
    expect(ofProjection('orders')).toEqual([2.5, 40, 1, 2, 1]);
    expect(ofProjection('tenants')).toEqual([0, 0, 0, 0, 0]);
  });

  it('includes the Node process metrics', async () => {
    const text = await createMetrics(sources()).scrape();
    for (const name of ['process_cpu_user_seconds_total', 'process_resident_memory_bytes', 'nodejs_eventloop_lag_seconds', 'nodejs_heap_size_used_bytes']) {
      expect(text).toContain(`# TYPE ${name} `);
    }
  });

  it('reads the state again at each scrape', async () => {
    let behind = 1;
    const metrics = createMetrics(sources({ projections: async () => [status('orders', { eventsBehind: behind })] }));
    expect(sample(await metrics.scrape(), 'desk_projection_events_behind{projection="orders"}')).toBe(1);
    behind = 9;
    expect(sample(await metrics.scrape(), 'desk_projection_events_behind{projection="orders"}')).toBe(9);
    expect(sample(await metrics.scrape(), 'desk_projection_events_behind_more{projection="orders"}')).toBe(0);
  });

  it('says when the count of events behind stopped at its bound', async () => {
    const metrics = createMetrics(sources({ projections: async () => [status('orders', { eventsBehind: 100_000, moreBehind: true })] }));
    const text = await metrics.scrape();
    expect([
      sample(text, 'desk_projection_events_behind{projection="orders"}'),
      sample(text, 'desk_projection_events_behind_more{projection="orders"}'),
    ]).toEqual([100_000, 1]);
  });

  it('leaves out a source it cannot read (or not in time), counts it, and answers the rest', async () => {
    let down = false;
    const metrics = createMetrics(
      sources({
        projections: async () => {
          if (down) throw new Error('connection refused');
          return [status('orders', { eventsBehind: 3 })];
        },
        queue: { kind: 'bullmq', depth: () => new Promise(() => undefined) },
      }),
      { sampleTimeoutMs: 50 },
    );
    const first = await metrics.scrape();
    expect(sample(first, 'desk_projection_events_behind{projection="orders"}')).toBe(3);
    expect(sample(first, 'desk_metrics_sample_failures_total{source="job_queue"}')).toBe(1);
    expect(first).not.toContain('desk_job_queue_jobs{');

    down = true;
    const second = await metrics.scrape();
    // Gone rather than stale: a last value kept would say "3 behind" about a projection nobody can see.
    expect(sample(second, 'desk_projection_events_behind{projection="orders"}')).toBeUndefined();
    expect(sample(second, 'desk_metrics_sample_failures_total{source="projections"}')).toBe(1);
    expect(sample(second, 'desk_db_pool_connections')).toBe(7);
  });

  it('times requests by route pattern, method and status class: one series for every order id', async () => {
    const metrics = createMetrics(sources());
    const admin = new Hono()
      .use(async (c, next) => (c.req.header('authorization') ? next() : c.json({ error: 'Unauthorized' }, 401)))
      .get('/orders/:id', (c) => c.json({ id: c.req.param('id') }, 200));
    const app = new Hono().use(requestLog(metrics.observeRequest)).route('/api/admin', admin);
    app.notFound((c) => c.json({ error: 'Not found' }, 404));
    for (const id of ['a1', 'b2', 'c3']) await app.request(`/api/admin/orders/${id}`, { headers: { authorization: 'Bearer x' } });
    await app.request('/api/admin/orders/d4');
    await app.request('/api/no/such/route');
    await app.request('/some/page');

    const text = await metrics.scrape();
    const count = (labels: string) => sample(text, `http_request_duration_seconds_count{${labels}}`);
    expect(count('route="/api/admin/orders/:id",method="GET",status_class="2xx"')).toBe(3);
    expect(count('route="/api/admin/orders/:id",method="GET",status_class="4xx"')).toBe(1);
    expect(count('route="unmatched",method="GET",status_class="4xx"')).toBe(1);
    expect(count('route="web",method="GET",status_class="4xx"')).toBe(1);
    for (const raw of ['a1', 'b2', 'c3', 'd4', 'no/such']) expect(text).not.toContain(raw);
  });
});
