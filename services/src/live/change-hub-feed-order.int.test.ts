/**
 * The feed is read in seq order across a change in the number of digits (99 → 100): the feed's
 * query sorted by its text output, so a page held 100 before 99, the hub's position went back to 99
 * and 100 went out twice (the streams bench counted it on every stream that saw it).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect } from 'vitest';
import { waitFor } from '../../../tests/support/wait-for';
import { changeHubTest as it } from './testing/change-hub-test';

describe('live updates: the feed in order', () => {
  it('gives the changes numbered 98 to 101 once each and in order', async ({ database, hub }) => {
    const ids: string[] = [];
    let ready = false;
    const decoder = new TextDecoder();
    await hub.subscribe(
      { userId: randomUUID(), admin: { kind: 'all_brands' }, compliance: null },
      null,
      async (chunk) => {
        const text = decoder.decode(chunk);
        ready ||= /^event: ready$/m.test(text);
        ids.push(...[...text.matchAll(/^event: order\n.*\nid: (\d+)$/gm)].map((m) => m[1]!));
      },
      () => undefined,
    );
    // A new stream is promised the changes after its `ready` (its position is fixed when it is caught
    // up, by the pump its subscription starts): rows written before then may be read as before it.
    await waitFor('ready', async () => ready);
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
