import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgEventStore } from '@desk/platform/eventstore/postgres/pg-event-store';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/test-database';
import { testMetadata } from '../../../../tests/support/event-factory';
import { ProjectionRunner } from '../../runtime/projection-runner';
import { rebuildProjection } from '../../runtime/rebuild';
import type { ReadModelDatabase } from '../../schema/read-model-database';
import { paymentReferencesProjection } from './payment-references.projection';

/**
 * One reference sent twice for an order (a proof sent again with the same UTR) is filed once, with
 * the first proof's time, however the events were batched: the projector met them in two batches,
 * a rebuild in one, and the chaos run's rebuild check found the two builds disagreeing.
 */
describe('payment-references projection', () => {
  let database: TestDatabase;
  let store: PgEventStore;
  let db: Kysely<ReadModelDatabase>;
  const orderId = crypto.randomUUID();

  const proof = (submittedAt: string) =>
    store.append(
      `order-${orderId}`,
      [
        {
          eventId: crypto.randomUUID(),
          type: 'ProofSubmitted',
          data: { attachment: null, reference: 'UTR 4242 4242 4242', submittedAt, afterRateLock: false },
          metadata: testMetadata(),
        },
      ],
      { expected: 'any' },
    );
  const filed = async () =>
    (await db.selectFrom('rm_payment_references').select(['key', 'recorded_at']).where('order_id', '=', orderId).orderBy('key').execute()).map((r) => [
      r.key,
      r.recorded_at.toISOString(),
    ]);

  beforeAll(async () => {
    database = await createTestDatabase();
    store = new PgEventStore({ pool: database.pool, connectionString: database.url });
    db = database.db as Kysely<ReadModelDatabase>;
  });
  afterAll(() => database.drop());

  it('files a reference sent twice with its first time, in one batch as in two', async () => {
    await proof('2026-11-27T10:00:00.000Z');
    await new Promise((resolve) => setTimeout(resolve, 20));
    await proof('2026-11-27T10:05:00.000Z');
    const [first] = await store.readStream(`order-${orderId}`);
    const runner = new ProjectionRunner({ db, store, projection: paymentReferencesProjection, batchSize: 1, pollMs: 1000, standbyRetryMs: 100 });
    expect(await runner.runUntilCaughtUp()).toBe(true);
    const inTwoBatches = await filed();
    expect(inTwoBatches.length).toBeGreaterThan(0);
    expect(inTwoBatches.every(([, at]) => at === first!.recordedAt.toISOString())).toBe(true);

    await rebuildProjection({ db, store, projection: paymentReferencesProjection, batchSize: 100, restart: true, write: () => undefined });
    expect(await filed()).toEqual(inTwoBatches);
  });
});
