/**
 * The orders bench's third floor: what the architecture itself costs per order on this machine. One
 * HTTP request appends one event through the product's event store (its validation, group commit,
 * hash chain and NOTIFY), and one projection loop in the same process reads the log and writes each
 * event as one row of one read model, with its checkpoint, in one statement per batch. No
 * authentication, rules, reference codes, limits, other read models or live updates. Run as its own
 * process on its own database (DATABASE_URL), as the server under test is; it answers 201 with the
 * stream's id, and `GET /backlog` with how many appended events are not projected yet.
 */
import { randomUUID } from 'node:crypto';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { createPool } from '../../platform/src/db/pg-pool';
import { createKysely } from '../../platform/src/db/kysely';
import { migrateToLatest } from '../../platform/src/db/migrate';
import { eventStoreMigrations } from '../../platform/src/eventstore/postgres/migrations';
import { PgEventStore } from '../../platform/src/eventstore/postgres/pg-event-store';
import type { GlobalPosition } from '../../platform/src/eventstore/event-store';

const connectionString = process.env.DATABASE_URL!;
const pool = createPool({ connectionString, max: 20, applicationName: 'event-floor' });
await migrateToLatest(createKysely(pool), eventStoreMigrations);
await pool.query(`create table if not exists floor_orders (stream_id text primary key, user_id uuid, view jsonb not null)`);
await pool.query(`create table if not exists floor_checkpoint (id int primary key, position text)`);
await pool.query(`insert into floor_checkpoint values (1, null) on conflict do nothing`);
const store = new PgEventStore({ pool, connectionString });

const PROJECT = `with projected as (
    insert into floor_orders (stream_id, user_id, view)
    select r.stream_id, r.user_id, r.view from jsonb_to_recordset($1::jsonb) as r(stream_id text, user_id uuid, view jsonb)
    on conflict (stream_id) do nothing
  )
  update floor_checkpoint set position = $2 where id = 1`;

let position: GlobalPosition | null = null;
let draining: Promise<void> | null = null;
let again = false;
/** Reads what was appended since the checkpoint and projects it, batch by batch, until nothing is left. */
function drain(): void {
  if (draining) {
    again = true;
    return;
  }
  draining = (async () => {
    do {
      again = false;
      for (;;) {
        const events = await store.readAll(position, 500);
        if (events.length === 0) break;
        const rows = events.map((e) => ({ stream_id: e.streamId, user_id: (e.data as { userId: string }).userId, view: e.data }));
        const last = events[events.length - 1]!.globalPosition;
        await pool.query({ name: 'floor_project', text: PROJECT, values: [JSON.stringify(rows), last] });
        position = last;
      }
    } while (again);
  })().finally(() => {
    draining = null;
    if (again) drain();
  });
}
await store.onAppended(drain);
// The notification is a hint: a missed one is caught within a moment, as the product's projector does.
setInterval(drain, 200).unref();

const app = new Hono()
  .post('/orders', async (c) => {
    const body = await c.req.json<{ userId: string }>();
    const streamId = `floor-${randomUUID()}`;
    const metadata = {
      actor: { id: body.userId, role: 'customer' as const },
      tenantId: 'default',
      ip: '127.0.0.1',
      userAgent: c.req.header('user-agent') ?? null,
      correlationId: randomUUID(),
      causationId: null,
      acceptedAt: new Date().toISOString(),
    };
    await store.append(streamId, [{ eventId: randomUUID(), type: 'FloorOrderPlaced', data: body, metadata }], { expected: 'no_stream' });
    return c.json({ order: { id: streamId } }, 201);
  })
  .get('/backlog', async (c) => c.json({ count: (await store.backlog(position)).count }, 200));
const server = serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' });
process.on('SIGTERM', () => server.close(() => void store.close().then(() => pool.end().then(() => process.exit(0)))));
