import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderView } from '@desk/machines/order/order-state';
import type { ReadModelDatabase } from '../../schema/read-model-database';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/test-database';
import type { GlobalPosition } from '@desk/platform/eventstore/event-store';
import { loadCheckpoint } from '../../runtime/checkpoint-store';
import { runBatchStatement } from '../../runtime/batch-statement';
import { ORDER_CHANGES_CHANNEL, ORDER_CHANGES_RETAINED, orderChangesAfter, orderChangesBounds, orderChangesWrites } from './order-changes';

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

  /** A batch's feed writes, as the runtime sends them with its checkpoint; `stale` sends them against a checkpoint that moved. */
  let batches = 0;
  async function record(changes: ReturnType<typeof change>[], stale = false): Promise<boolean> {
    const { position } = await loadCheckpoint(db, 'feed-test');
    const from = stale ? ('moved' as GlobalPosition) : position;
    const move = { name: 'feed-test', from, to: String(++batches) as GlobalPosition, applied: changes.length, lastEventAt: new Date() };
    return runBatchStatement(db, move, ['rm_order_changes'], orderChangesWrites(changes));
  }

  it('records a batch in one statement, announces its newest seq at commit, and keeps only the newest rows', async () => {
    expect(await record([change(1), change(2), change(3)])).toBe(true);
    const first = await orderChangesAfter(db, 0n, 10);
    expect(first.map((c) => c.refCode)).toEqual(['ORD-1', 'ORD-2', 'ORD-3']);
    await expect.poll(() => notified).toEqual([first[2]!.seq]);

    // A batch whose checkpoint moved (a rebuild rewound it) writes and announces nothing.
    expect(await record([change(4)], true)).toBe(false);
    expect((await orderChangesAfter(db, 0n, 10)).map((c) => c.refCode)).toEqual(['ORD-1', 'ORD-2', 'ORD-3']);

    const many = Array.from({ length: ORDER_CHANGES_RETAINED }, (_, n) => change(10 + n));
    expect(await record(many)).toBe(true);
    expect(await record([change(99_999)])).toBe(true);
    const { oldest, newest } = await orderChangesBounds(db);
    expect(newest - oldest + 1n).toBe(BigInt(ORDER_CHANGES_RETAINED));
    expect(Number((await sql<{ n: string }>`select count(*) as n from rm_order_changes`.execute(db)).rows[0]!.n)).toBe(ORDER_CHANGES_RETAINED);
    await expect.poll(() => notified.length).toBe(3);
    expect(notified[2]).toBe(newest.toString());
  });
});
