/**
 * The hub's fan-out (docs/performance.md, "Live-stream capacity"): a page of the feed is framed once,
 * and each stream gets its share of it as one write.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect } from 'vitest';
import { waitFor } from '../../../tests/support/wait-for';
import { type ChangeHub, type Viewer } from './change-hub';
import { changeHubTest as it } from './testing/change-hub-test';

describe('live updates: the fan-out', () => {
  /** A stream of the hub's whose writes are kept as they came, as text. */
  const open = async (hub: ChangeHub, viewer: Viewer) => {
    const writes: Uint8Array[] = [];
    await hub.subscribe(
      viewer,
      null,
      async (chunk) => void writes.push(chunk),
      () => undefined,
    );
    await waitFor('ready', async () => writes.length > 0);
    return { writes, texts: () => writes.map((w) => new TextDecoder().decode(w)) };
  };

  it("writes a page of changes to each stream as one chunk of the events it may see, the operator admins' the very same bytes", async ({ database, hub }) => {
    const [customer, other] = [randomUUID(), randomUUID()];
    const operator = { kind: 'all_brands' } as const;
    const admins = [
      await open(hub, { userId: randomUUID(), admin: operator, compliance: null }),
      await open(hub, { userId: randomUUID(), admin: operator, compliance: null }),
    ];
    const brandAdmin = await open(hub, { userId: randomUUID(), admin: { kind: 'brand', tenantId: 'other-brand' }, compliance: null });
    const mine = await open(hub, { userId: customer, admin: null, compliance: null });
    const rows = [
      { order_id: randomUUID(), tenant_id: 'default', user_id: customer, status: 'pending', ref_code: 'ORD-A', is_new: true },
      { order_id: randomUUID(), tenant_id: 'default', user_id: other, status: 'rejected', ref_code: 'ORD-B', is_new: false },
    ];
    await database.db.insertInto('rm_order_changes').values(rows).execute();
    hub.pump();
    await waitFor('the page delivered', async () => admins.every((a) => a.writes.length === 2) && mine.writes.length === 2);

    const [page] = admins[0]!.texts().slice(1);
    expect(page).toMatch(
      /^event: order\ndata: \{"orderId":"[^"]+","refCode":"ORD-A",.*\nid: \d+\n\nevent: order\ndata: .*"refCode":"ORD-B".*\nid: \d+\n\nevent: dashboard\ndata: \{"at":"[^"]+"\}\n\n$/,
    );
    // Encoded once: both operator admins were handed the same chunk.
    expect(admins[1]!.writes[1]).toBe(admins[0]!.writes[1]);
    // The customer: their own order only, no dashboard; the other brand's admin: nothing.
    expect(mine.texts()[1]).toMatch(/^event: order\ndata: .*"refCode":"ORD-A".*\nid: \d+\n\n$/);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(brandAdmin.writes).toHaveLength(1);
  });
});
