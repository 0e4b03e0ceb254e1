/**
 * The orders bench's second floor: what one HTTP request that writes one row costs on this machine,
 * with the product's own HTTP stack (Node's server, @hono/node-server, Hono, a JSON body, pg) and
 * nothing of the product: no authentication, rules, events or read models. Run as its own process,
 * as the server under test is, on DATABASE_URL and PORT; it answers 201 with the row's id.
 */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
await pool.query('create table if not exists bench_http_orders (id bigint generated always as identity primary key, user_id uuid, payload jsonb)');
const app = new Hono().post('/orders', async (c) => {
  const body = await c.req.json<{ userId: string }>();
  const { rows } = await pool.query<{ id: string }>({
    name: 'http_floor_order',
    text: 'insert into bench_http_orders (user_id, payload) values ($1, $2) returning id',
    values: [body.userId, JSON.stringify(body)],
  });
  return c.json({ order: { id: rows[0]!.id } }, 201);
});
const server = serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' });
process.on('SIGTERM', () => server.close(() => void pool.end().then(() => process.exit(0))));
