import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgEventStore } from '@desk/platform/eventstore/postgres/pg-event-store';
import { foldLedger, type LedgerEvent } from '@desk/machines/ledger/ledger-fold';
import { ACCOUNT, BRAND, BUY, DEPOSIT_TX, SELL, completedOrder, lineRecorded, orderEvent, workedExample } from '@desk/machines/ledger/ledger.fixtures';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/test-database';
import { testEvent, testMetadata } from '../../../../tests/support/event-factory';
import { ProjectionRunner } from '../../runtime/projection-runner';
import { projectionStatus } from '../../runtime/projection-status';
import { rebuildProjection } from '../../runtime/rebuild';
import type { ReadModelDatabase } from '../../schema/read-model-database';
import { ledgerProjection } from './ledger.projection';
import { accountsOnDay, bookTotals, iterateLedgerEntries } from './ledger.queries';

/** Events in, rows out: the worked example of docs/ledger.md through a real store and the runtime, in small batches. */
describe('ledger projection', () => {
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
  /** The rows as the tests compare them: one string per posting line, in the order they were booked. */
  const rows = async () =>
    (await db.selectFrom('rm_ledger_entries').selectAll().orderBy('seq').execute()).map(
      (r) => `${r.tenant_id} ${String(r.kind)} ${Number(r.debit) > 0 ? 'Dr' : 'Cr'} ${r.account} ${Number(r.debit) || Number(r.credit)} ${r.currency}`,
    );
  const folded = () =>
    foldLedger(history).postings.flatMap((p) =>
      p.lines.map((l) => `${p.tenantId} ${p.kind} ${l.side === 'debit' ? 'Dr' : 'Cr'} ${l.account} ${Number(l.amount)} ${l.currency}`),
    );

  beforeAll(async () => {
    database = await createTestDatabase();
    store = new PgEventStore({ pool: database.pool, connectionString: database.url });
    db = database.db as Kysely<ReadModelDatabase>;
    await append(workedExample());
    await project();
  });
  afterAll(() => database.drop());

  it('writes the postings the fold makes, line by line, in the order they were booked, across batches', async () => {
    const written = await rows();
    expect(written).toEqual(folded());
    expect(written).toHaveLength(26);
  });

  it("keeps each day's totals, and the brand's books balance in each currency", async () => {
    expect(await bookTotals(db, BRAND, '2026-11-30')).toEqual([
      { currency: 'INR', debits: '150334', credits: '150334' },
      { currency: 'USDT', debits: '399', credits: '399' },
    ]);
    const bank = (await accountsOnDay(db, BRAND, '2026-11-20')).find((a) => a.account === `bank:${ACCOUNT}`);
    // The first statement opened the books on the 19th; the 20th brought the buy's ₹8,500 in and the sell's ₹8,217 out.
    expect(bank).toEqual({ account: `bank:${ACCOUNT}`, currency: 'INR', before: '100000', opening: '0', debit: '8500', credit: '8217' });
  });

  it('undoes a transfer in a later batch when the chain no longer shows it, and books nothing when it is read again unconfirmed', async () => {
    const gone = orderEvent(SELL, {
      type: 'ChainTransferChecked',
      data: { network: 'TRC20', txHash: DEPOSIT_TX, paidBy: 'customer', check: { state: 'not_found' }, checkedAt: '2026-11-22T01:00:00.000Z' },
    });
    await append([gone, { ...gone }]);
    await project();
    expect((await rows()).slice(-2)).toEqual([
      `${BRAND} chain_transfer_reversed Cr wallet:TRC20 100 USDT`,
      `${BRAND} chain_transfer_reversed Dr owed_to_customers 100 USDT`,
    ]);
    expect(await db.selectFrom('rm_ledger_transfers').select('key').execute()).toHaveLength(1);
  });

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

  it('rebuilds to the same rows and day totals', async () => {
    const before = {
      rows: await rows(),
      days: await db.selectFrom('rm_ledger_days').selectAll().orderBy(['tenant_id', 'account', 'currency', 'day']).execute(),
    };
    await rebuildProjection({ db, store, projection: ledgerProjection, batchSize: 4, restart: true, write: () => undefined });
    expect(await rows()).toEqual(before.rows);
    expect(await db.selectFrom('rm_ledger_days').selectAll().orderBy(['tenant_id', 'account', 'currency', 'day']).execute()).toEqual(before.days);
  });

  it('pages the entries of a range for the export, by day and then as booked', async () => {
    const all = [];
    for await (const entry of iterateLedgerEntries(db, BRAND, { from: '2026-11-19', to: '2026-11-20' }, 5)) all.push(entry);
    expect(all.map((e) => e.day)).toEqual([...all.map((e) => e.day)].sort());
    expect(all[0]).toMatchObject({ day: '2026-11-19', kind: 'opening_balance', account: `bank:${ACCOUNT}`, debit: '100000', credit: '0' });
    expect(all.filter((e) => e.order_id === BUY)).toHaveLength(2 + 6 + 2);
    expect(all.some((e) => e.day === '2026-11-22')).toBe(false);
  });
});
