import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgEventStore } from '@desk/platform/eventstore/postgres/pg-event-store';
import type { LedgerEvent } from '@desk/machines/ledger/ledger-fold';
import { completedOrder, lineRecorded, orderEvent, workedExample } from '@desk/machines/ledger/ledger.fixtures';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/test-database';
import { testEvent, testMetadata } from '../../../../tests/support/event-factory';
import { ProjectionRunner } from '../../runtime/projection-runner';
import { projectionStatus } from '../../runtime/projection-status';
import type { ReadModelDatabase } from '../../schema/read-model-database';
import { entryLine, foldedLines } from '../../testing/ledger-lines';
import { ledgerProjection } from './ledger.projection';

/**
 * An event the books cannot post, met through a real store and the runtime: quarantined alone, the
 * ones after it booked. (Events in, rows out: ledger.spec.int.test.ts.)
 */
describe('ledger projection, quarantine', () => {
  let database: TestDatabase;
  let store: PgEventStore;
  let db: Kysely<ReadModelDatabase>;
  const history: LedgerEvent[] = [];

  const append = async (events: LedgerEvent[]) => {
    for (const e of events) {
      await store.append(e.streamId, [testEvent(e.type, e.data, { metadata: testMetadata({ tenantId: e.tenantId }) })], { expected: 'any' });
      history.push(e);
    }
  };
  const project = async (batchSize = 3) =>
    expect(
      await new ProjectionRunner({
        db,
        store,
        projection: ledgerProjection,
        batchSize,
        pollMs: 60_000,
        standbyRetryMs: 100,
        eventRetryMs: 1,
      }).runUntilCaughtUp(),
    ).toBe(true);
  const rows = async () => (await db.selectFrom('rm_ledger_entries').selectAll().orderBy('seq').execute()).map(entryLine);
  const folded = () => foldedLines(history);

  beforeAll(async () => {
    database = await createTestDatabase();
    store = new PgEventStore({ pool: database.pool, connectionString: database.url });
    db = database.db as Kysely<ReadModelDatabase>;
    await append(workedExample());
    await project();
  });
  afterAll(() => database.drop());

  it('quarantines an event it cannot post and books the ones after it', async () => {
    const stranger = randomUUID();
    await append([orderEvent(stranger, completedOrder()), lineRecorded('after-the-bad-one', { amount: '1.00' })]);
    await project(10);
    const status = await projectionStatus(db, store, ledgerProjection);
    expect(status).toMatchObject({ eventsBehind: 0, quarantined: 1 });
    expect(status.quarantine[0]).toMatchObject({ streamId: `order-${stranger}`, type: 'OrderCompleted' });
    history.splice(history.length - 2, 1); // the fold refuses it too
    expect(await rows()).toEqual(folded());
  });
});
