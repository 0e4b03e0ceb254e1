import { randomUUID } from 'node:crypto';
import type { EventStore } from '../../platform/src/eventstore/event-store';
import { BRAND, OTHER_BRAND } from '../../machines/src/ledger/ledger.fixtures';
import { testMetadata } from '../support/event-factory';
import { seedOrders } from './orders-seed';

/** Events per order that orders-seed.ts writes on average: placed, then 40% completed and 20% rejected. */
const EVENTS_PER_ORDER = 1.6;
/** One desk change (a settings change waiting for a second admin, then confirmed or declined) per this many orders. */
const ORDERS_PER_DESK_CHANGE = 2_000;
const CUSTOMERS = 200;
const brandProfile = (tenantId: string) => ({
  name: `${tenantId} exchange`,
  domain: `${tenantId}.example`,
  logoFileId: null,
  logoUrl: null,
  primaryColor: '#0a7',
});

/**
 * About `events` events of the kinds a desk writes, through the event store port: brands created
 * and renamed, orders through their lifecycle over three brands (orders-seed.ts: the ledger posts
 * each placed and completed one), and desk changes confirmed or declined. Answers how many orders
 * it wrote. Bank statements and chain transfers are not seeded: their events need a bank account's
 * or an order's whole story to fold (the ledger's fixtures hold one such story, with fixed ids).
 */
export async function seedRebuildLog(store: EventStore, events: number, onProgress: (done: number) => void): Promise<number> {
  const brands = ['default', BRAND, OTHER_BRAND];
  for (const tenantId of [BRAND, OTHER_BRAND]) {
    const metadata = () => testMetadata({ tenantId, actor: { id: 'operator', role: 'admin' } });
    await store.append(
      `tenant-${tenantId}`,
      [
        {
          eventId: randomUUID(),
          type: 'TenantCreated',
          metadata: metadata(),
          data: { ...brandProfile(tenantId), tenantId, createdAt: new Date().toISOString() },
        },
        { eventId: randomUUID(), type: 'TenantProfileChanged', metadata: metadata(), data: { ...brandProfile(tenantId), changedAt: new Date().toISOString() } },
      ],
      { expected: 'no_stream' },
    );
  }
  const orders = Math.max(1, Math.round(events / EVENTS_PER_ORDER));
  const customers = Array.from({ length: CUSTOMERS }, (_, i) => ({ id: randomUUID(), phone: `+9170${String(i).padStart(8, '0')}` }));
  await seedOrders(store, orders, customers, brands, onProgress);
  for (let n = 0; n < Math.ceil(orders / ORDERS_PER_DESK_CHANGE); n++) await appendDeskChange(store, n);
  return orders;
}

/** A change to the desk's rules, as the admin screens request it, then confirmed by a second admin (or, every third one, declined). */
async function appendDeskChange(store: EventStore, n: number): Promise<void> {
  const changeId = randomUUID();
  const at = new Date().toISOString();
  const metadata = () => testMetadata({ actor: { id: 'admin-a', role: 'admin' } });
  const ended =
    n % 3 === 2
      ? { type: 'DeskChangeDeclined', data: { changeId, declinedBy: 'admin-b', declinedAt: at, note: 'Not now' } }
      : { type: 'DeskChangeConfirmed', data: { changeId, confirmedBy: 'admin-b', confirmedAt: at } };
  await store.append(
    `desk-change-${changeId}`,
    [
      {
        eventId: randomUUID(),
        type: 'DeskChangeRequested',
        metadata: metadata(),
        data: {
          changeId,
          tenantId: null,
          change: { kind: 'global_settings', patch: { controls: { fourEyesAboveInr: String(100_000 + n) } } },
          summary: [{ what: 'Second admin above', before: '₹2,00,000', after: `₹${100_000 + n}` }],
          reasons: ['It lowers the four-eyes threshold'],
          basis: { 'settings-default': null },
          storedFiles: [],
          requestedBy: 'admin-a',
          requestedAt: at,
        },
      },
      { eventId: randomUUID(), ...ended, metadata: metadata() },
    ],
    { expected: 'no_stream' },
  );
}
