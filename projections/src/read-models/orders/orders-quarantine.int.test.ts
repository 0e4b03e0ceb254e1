import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PgEventStore } from '@desk/platform/eventstore/postgres/pg-event-store';
import type { OrderEvent, OrderPlaced } from '@desk/machines/order/order.events';
import { at, placed, proof, rejected } from '@desk/machines/order/order.fixtures';
import type { ReadModelDatabase } from '../../schema/read-model-database';
import { ProjectionRunner } from '../../runtime/projection-runner';
import { projectionStatus } from '../../runtime/projection-status';
import { ordersProjection } from './orders.projection';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/test-database';
import { testEvent } from '../../../../tests/support/event-factory';

describe('orders projection quarantine', () => {
  let database: TestDatabase;
  let db: Kysely<ReadModelDatabase>;
  let store: PgEventStore;

  beforeEach(async () => {
    database = await createTestDatabase();
    db = database.db as Kysely<ReadModelDatabase>;
    store = new PgEventStore({ pool: database.pool, connectionString: database.url });
  });
  afterEach(() => database.drop());

  /** An order placed straight into the store (its own stream), as the order service would: uuids where the read model wants them. */
  async function place(overrides: Partial<OrderPlaced['data']> = {}): Promise<string> {
    const orderId = randomUUID();
    const event = placed({ orderId, userId: randomUUID(), refCode: `ORD-${orderId.slice(0, 8)}`, ...overrides });
    await store.append(`order-${orderId}`, [testEvent(event.type, event.data)], { expected: 'no_stream' });
    return orderId;
  }

  async function append(orderId: string, revision: bigint, event: OrderEvent): Promise<void> {
    await store.append(`order-${orderId}`, [testEvent(event.type, event.data)], { expected: revision });
  }

  /** Everything in one batch, as a catch-up after an outage would read it. */
  async function project(): Promise<void> {
    const runner = new ProjectionRunner({ db, store, projection: ordersProjection, batchSize: 500, pollMs: 60_000, standbyRetryMs: 100, eventRetryMs: 1 });
    expect(await runner.runUntilCaughtUp()).toBe(true);
  }

  const listed = async () =>
    (await db.selectFrom('rm_orders').select(['id', 'status', 'version']).orderBy('created_at').execute()).map((r) => ({ ...r, version: Number(r.version) }));
  const deadLetters = () =>
    db.selectFrom('projection_dead_letters').select(['stream_id', 'stream_position', 'event_type', 'error', 'attempts']).orderBy('stream_position').execute();
  const counted = async () =>
    (await db.selectFrom('rm_order_counts').select(['status', 'orders']).where('orders', '<>', '0').orderBy('status').execute()).map((r) => ({
      ...r,
      orders: Number(r.orders),
    }));

  it('quarantines an order the read model cannot hold and lists the orders placed after it', async () => {
    const before = await place({ placedAt: at(0) });
    // 30 digits: more than rm_orders.fiat_amount (numeric(20,2)) holds, so the upsert fails in PostgreSQL.
    const poison = await place({ placedAt: at(1), fiatAmount: '123456789012345678901234567890' });
    const after = [await place({ placedAt: at(2) }), await place({ placedAt: at(3) })];
    await append(after[0]!, 0n, proof({ submittedAt: at(4) }));
    await project();

    expect(await listed()).toEqual([
      { id: before, status: 'pending', version: 0 },
      { id: after[0], status: 'pending', version: 1 },
      { id: after[1], status: 'pending', version: 0 },
    ]);
    expect(await counted()).toEqual([{ status: 'pending', orders: 3 }]);
    expect(await deadLetters()).toEqual([
      { stream_id: `order-${poison}`, stream_position: '0', event_type: 'OrderPlaced', error: expect.stringMatching(/numeric field overflow/), attempts: 3 },
    ]);
    const status = await projectionStatus(db, store, ordersProjection);
    expect(status).toMatchObject({ eventsBehind: 0, quarantined: 1, lastError: null });
    expect(status.quarantine[0]).toMatchObject({ streamId: `order-${poison}`, streamPosition: 0, type: 'OrderPlaced' });
  });

  it('quarantines an order whose amount is not a number, and leaves the other orders whole', async () => {
    const poison = await place({ fiatAmount: 'twelve hundred' });
    const good = await place();
    await project();
    expect((await listed()).map((r) => r.id)).toEqual([good]);
    expect(await deadLetters()).toEqual([
      { stream_id: `order-${poison}`, stream_position: '0', event_type: 'OrderPlaced', error: expect.stringContaining('twelve hundred'), attempts: 3 },
    ]);
  });

  it("quarantines a poisoned order's later events too, rather than folding them onto a state that missed one", async () => {
    const order = await place({ placedAt: at(0) });
    await project();
    // A proof with neither a file nor a reference: the machine refuses it, so it cannot be folded...
    await append(order, 0n, proof({ attachment: null, reference: null }));
    // ...and the rejection after it is valid on its own: from pending it would fold to "rejected",
    // an order whose proof the read model never saw.
    await append(order, 1n, rejected('Payment not found', at(30)));
    const other = await place({ placedAt: at(5) });
    await append(other, 0n, rejected('Duplicate', at(6)));
    await project();

    expect(await listed()).toEqual([
      { id: order, status: 'pending', version: 0 },
      { id: other, status: 'rejected', version: 1 },
    ]);
    const letters = await deadLetters();
    expect(letters.map((l) => [l.stream_id, l.stream_position, l.event_type])).toEqual([
      [`order-${order}`, '1', 'ProofSubmitted'],
      [`order-${order}`, '2', 'OrderRejected'],
    ]);
    expect(letters[1]!.error).toMatch(/follows position 0; an earlier event is missing/);
    expect(await counted()).toEqual([
      { status: 'pending', orders: 1 },
      { status: 'rejected', orders: 1 },
    ]);
  });
});
