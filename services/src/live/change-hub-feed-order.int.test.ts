/**
 * The feed is read in seq order across a change in the number of digits (99 → 100): the feed's
 * query sorted by its text output, so a page held 100 before 99, the hub's position went back to 99
 * and 100 went out twice (the streams bench counted it on every stream that saw it).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database';
import { waitFor } from '../../../tests/support/wait-for';
import { MemoryStore } from '../kv/memory-store';
import { ChangeHub } from './change-hub';
import { StreamSlots } from './stream-slots';

describe('live updates: the feed in order', () => {
  let database: TestDatabase;
  let hub: ChangeHub;

  beforeAll(async () => {
    database = await createTestDatabase({ poolSize: 2 });
    hub = new ChangeHub({ db: database.db, listen: async () => async () => undefined, slots: new StreamSlots(new MemoryStore()) });
  });
  afterAll(async () => {
    await hub.close();
    await database.drop();
  });

  it('gives the changes numbered 98 to 101 once each and in order', async () => {
    const ids: string[] = [];
    const decoder = new TextDecoder();
    await hub.subscribe(
      { userId: randomUUID(), admin: { kind: 'all_brands' }, compliance: null },
      null,
      async (chunk) => void ids.push(...[...decoder.decode(chunk).matchAll(/^event: order\n.*\nid: (\d+)$/gm)].map((m) => m[1]!)),
      () => undefined,
    );
    await sql`select setval(pg_get_serial_sequence('rm_order_changes', 'seq'), 97)`.execute(database.db);
    const row = () => ({ order_id: randomUUID(), tenant_id: 'default', user_id: randomUUID(), status: 'pending', ref_code: 'ORD-X', is_new: true });
    await database.db.insertInto('rm_order_changes').values([row(), row(), row(), row()]).execute();
    hub.pump();
    await waitFor('four changes', async () => ids.length >= 4);
    // Another round of the pump reads nothing again.
    hub.pump();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(ids).toEqual(['98', '99', '100', '101']);
  });
});
