import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderView } from '@desk/machines/order/order-state';
import type { ReadModelDatabase } from '../../schema/read-model-database';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/test-database';
import { ORDER_CHANGES_CHANNEL, ORDER_CHANGES_RETAINED, orderChangesAfter, orderChangesBounds, recordOrderChanges } from './order-changes';

const change = (n: number) => ({
  view: { orderId: randomUUID(), tenantId: 'default', userId: randomUUID(), status: 'pending', refCode: `ORD-${n}` } as OrderView,
  isNew: true,
});

describe('the order change feed', () => {
  let database: TestDatabase;
  let db: Kysely<ReadModelDatabase>;
  let listener: pg.Client;
  const notified: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db as Kysely<ReadModelDatabase>;
    listener = new pg.Client({ connectionString: database.url });
    await listener.connect();
    listener.on('notification', (message) => notified.push(message.payload ?? ''));
    await listener.query(`listen ${ORDER_CHANGES_CHANNEL}`);
  });
  afterAll(async () => {
    await listener.end();
    await database.drop();
  });

  it('records a batch in one statement, announces its newest seq at commit, and keeps only the newest rows', async () => {
    await db.transaction().execute((trx) => recordOrderChanges(trx, [change(1), change(2), change(3)]));
    const first = await orderChangesAfter(db, 0n, 10);
    expect(first.map((c) => c.refCode)).toEqual(['ORD-1', 'ORD-2', 'ORD-3']);
    await expect.poll(() => notified).toEqual([first[2]!.seq]);

    // A rolled-back batch announces nothing.
    await db
      .transaction()
      .execute(async (trx) => {
        await recordOrderChanges(trx, [change(4)]);
        throw new Error('rolled back');
      })
      .catch(() => undefined);

    const many = Array.from({ length: ORDER_CHANGES_RETAINED }, (_, n) => change(10 + n));
    await db.transaction().execute((trx) => recordOrderChanges(trx, many));
    await db.transaction().execute((trx) => recordOrderChanges(trx, [change(99_999)]));
    const { oldest, newest } = await orderChangesBounds(db);
    expect(newest - oldest + 1n).toBe(BigInt(ORDER_CHANGES_RETAINED));
    expect(Number((await sql<{ n: string }>`select count(*) as n from rm_order_changes`.execute(db)).rows[0]!.n)).toBe(ORDER_CHANGES_RETAINED);
    await expect.poll(() => notified.length).toBe(3);
    expect(notified[2]).toBe(newest.toString());
  });
});
