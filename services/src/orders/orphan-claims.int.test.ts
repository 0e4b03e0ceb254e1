/**
 * A claim whose order was never recorded (a crash between the claim and the append) is given up
 * once it is past the grace period, and stops counting against the customer's limits; a claim whose
 * order the event store holds is kept, whether or not the lists show it yet.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgEventStore } from '@desk/platform/eventstore/postgres/pg-event-store';
import { placed } from '@desk/machines/order/order.fixtures';
import { ordersProjection } from '@desk/projections/read-models/orders/orders.projection';
import { ProjectionRunner } from '@desk/projections/runtime/projection-runner';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database';
import { testEvent } from '../../../tests/support/event-factory';
import { CustomerLimits } from './customer-limits';
import { startOrphanClaimSweeper } from './orphan-claims';

const NOW = new Date('2026-11-25T12:00:00.000Z');
const LIMITS = { customerDailyInr: '100000', customerMonthlyInr: '1000000' };
const minutesAgo = (n: number) => new Date(NOW.getTime() - n * 60_000);

describe('orphan claims', () => {
  let database: TestDatabase;
  let store: PgEventStore;
  let claims: CustomerLimits;
  const userId = randomUUID();

  /** A claim for `fiatInr` made `minutes` before NOW; `recorded`: its order appended too. */
  async function claim(minutes: number, fiatInr: string, recorded: boolean): Promise<string> {
    const orderId = randomUUID();
    const at = minutesAgo(minutes);
    await claims.claim({ orderId, userId, fiatInr, at, field: 'fiatAmount' }, LIMITS);
    if (recorded) {
      const event = placed({ orderId, userId, refCode: `ORD-${orderId.slice(0, 10)}`, fiatAmount: fiatInr, placedAt: at.toISOString() });
      await store.append(`order-${orderId}`, [testEvent(event.type, event.data)], { expected: 'no_stream' });
    }
    return orderId;
  }
  const claimed = async () =>
    (await database.pool.query<{ order_id: string }>('select order_id from order_ref_codes order by claimed_at')).rows.map((r) => r.order_id);

  beforeAll(async () => {
    database = await createTestDatabase({ poolSize: 4 });
    store = new PgEventStore({ pool: database.pool, connectionString: database.url });
    claims = new CustomerLimits(database.db);
  });
  afterAll(() => database.drop());

  it('releases only claims past the grace period, of the last day, whose orders the event store does not hold', async () => {
    const projected = await claim(120, '1000', true);
    const runner = new ProjectionRunner({ db: database.db as never, store, projection: ordersProjection, batchSize: 100, pollMs: 60_000, standbyRetryMs: 100 });
    expect(await runner.runUntilCaughtUp()).toBe(true);
    const recordedNotShown = await claim(60, '2000', true);
    const orphan = await claim(30, '4000', false);
    const tooRecent = await claim(5, '8000', false);
    const tooOld = await claim(26 * 60, '16000', false);
    expect((await claims.headroom(userId, LIMITS, NOW)).monthly!.usedInr).toBe('31000');

    // One claim a page: the recorded order claimed before the orphan must not hide it.
    const sweeper = startOrphanClaimSweeper(store, claims, { intervalMs: 3_600_000, batch: 1 });
    try {
      expect(await sweeper.sweepNow(NOW)).toBe(1);
      expect((await claimed()).sort()).toEqual([projected, recordedNotShown, tooRecent, tooOld].sort());
      expect(await claimed()).not.toContain(orphan);
      // Its 4,000 no longer counts: not in the rows, not in the day's ledger.
      expect((await claims.headroom(userId, LIMITS, NOW)).monthly!.usedInr).toBe('27000');
      const { rows } = await database.pool.query<{ inr: string }>('select sum(claimed_inr)::text as inr from customer_claim_days where user_id = $1', [userId]);
      expect(rows[0]!.inr).toBe('27000.00');
      // A second sweep (or another API process's) finds nothing more to give up.
      expect(await sweeper.sweepNow(NOW)).toBe(0);
    } finally {
      await sweeper.stop();
    }
  });
});
