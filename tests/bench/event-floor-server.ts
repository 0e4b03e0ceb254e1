/**
 * The orders bench's third floor: what the architecture itself costs per order on this machine. One
 * HTTP request appends one event through the product's event store (its validation, group commit,
 * hash chain and NOTIFY), and one projection loop in the same process reads the log and writes each
 * event as one row of one read model, with its checkpoint, in one statement per batch. No
 * authentication, rules, reference codes, limits, other read models or live updates. Run as its own
 * process on its own database (DATABASE_URL), as the server under test is; it answers 201 with the
 * stream's id, and `GET /backlog` with how many appended events are not projected yet.
 *
 * Probes add the product's shape a step at a time (docs/performance.md, "From the architecture's
 * floor to a placed order"): FLOOR_READ_MODELS projections, each its own loop, table and checkpoint
 * (the product has five), each writing FLOOR_TABLES_PER_READ_MODEL tables in its one statement; FLOOR_READS_BEFORE single-row reads and FLOOR_WRITES_BEFORE single-row
 * inserts per request before the append (the product reads the user's row, then checks and claims).
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
const count = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const READ_MODELS = count('FLOOR_READ_MODELS', 1);
const READS_BEFORE = count('FLOOR_READS_BEFORE', 0);
const WRITES_BEFORE = count('FLOOR_WRITES_BEFORE', 0);
const TABLES = count('FLOOR_TABLES_PER_READ_MODEL', 1);
await pool.query(`create table if not exists floor_users (id uuid primary key, phone text)`);
await pool.query(`create table if not exists floor_claims (id bigint generated always as identity primary key, user_id uuid, fiat_amount numeric)`);
const store = new PgEventStore({ pool, connectionString });

/** One read model: its table and checkpoint, and a loop that projects what was appended since, batch by batch, until nothing is left. */
async function readModel(n: number) {
  const tables = Array.from({ length: TABLES }, (_, k) => `floor_orders_${n}_${k}`);
  for (const table of tables) await pool.query(`create table if not exists ${table} (stream_id text primary key, user_id uuid, view jsonb not null)`);
  await pool.query(`create table if not exists floor_checkpoint_${n} (id int primary key, position text)`);
  await pool.query(`insert into floor_checkpoint_${n} values (1, null) on conflict do nothing`);
  // Every table of the read model in one statement, as one batch of a projection writes all it keeps.
  const inserts = tables.map(
    (table, k) => `projected_${k} as (
      insert into ${table} (stream_id, user_id, view)
      select r.stream_id, r.user_id, r.view from jsonb_to_recordset($1::jsonb) as r(stream_id text, user_id uuid, view jsonb)
      on conflict (stream_id) do nothing
    )`,
  );
  const project = `with ${inserts.join(', ')}
    update floor_checkpoint_${n} set position = $2 where id = 1`;
  let position: GlobalPosition | null = null;
  let draining: Promise<void> | null = null;
  let again = false;
  const drain = (): void => {
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
          await pool.query({ name: `floor_project_${n}`, text: project, values: [JSON.stringify(rows), last] });
          position = last;
        }
      } while (again);
    })().finally(() => {
      draining = null;
      if (again) drain();
    });
  };
  await store.onAppended(drain);
  // The notification is a hint: a missed one is caught within a moment, as the product's projector does.
  setInterval(drain, 200).unref();
  return { backlog: async () => (await store.backlog(position)).count };
}
const readModels = await Promise.all(Array.from({ length: READ_MODELS }, (_, n) => readModel(n)));

const app = new Hono()
  .post('/orders', async (c) => {
    const body = await c.req.json<{ userId: string; fiatAmount?: number }>();
    for (let i = 0; i < READS_BEFORE; i++) {
      await pool.query({ name: 'floor_user', text: 'select id, phone from floor_users where id = $1', values: [body.userId] });
    }
    for (let i = 0; i < WRITES_BEFORE; i++) {
      await pool.query({
        name: 'floor_claim',
        text: 'insert into floor_claims (user_id, fiat_amount) values ($1, $2)',
        values: [body.userId, body.fiatAmount ?? 0],
      });
    }
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
  .get('/backlog', async (c) => c.json({ count: Math.max(0, ...(await Promise.all(readModels.map((m) => m.backlog())))) }, 200));
const server = serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' });
process.on('SIGTERM', () => server.close(() => void store.close().then(() => pool.end().then(() => process.exit(0)))));
