import { randomUUID } from 'node:crypto';
import type { EventStore, NewEvent } from '../../platform/src/eventstore/event-store';
import { NETWORKS } from '../../machines/src/addresses/networks';
import { testMetadata } from '../support/event-factory';

/** Most orders on the first brand, a smaller share on each next one. */
const brandOf = (n: number, brands: string[]) => brands[n % 10 < 6 ? 0 : n % 10 < 9 ? 1 : 2] ?? brands[0]!;

/**
 * Writes `count` orders straight through the event store port (placed, then 40% completed and 20%
 * rejected), spread over `customers` and over `brands` (60% / 30% / 10% for three), for the
 * admin-list measurement. The running projector builds
 * the read model from them exactly as from orders placed over HTTP.
 */
export async function seedOrders(
  store: EventStore,
  count: number,
  customers: { id: string; phone: string }[],
  brands: string[],
  onProgress: (done: number) => void,
): Promise<void> {
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < count) {
      const n = next++;
      const orderId = randomUUID();
      const customer = customers[n % customers.length]!;
      const buy = n % 3 !== 0;
      const placedAt = new Date(Date.now() - (count - n) * 1000).toISOString();
      const events: NewEvent[] = [
        {
          eventId: randomUUID(),
          type: 'OrderPlaced',
          metadata: testMetadata({ actor: { id: customer.id, role: 'customer' } }),
          data: {
            orderId,
            refCode: `ORD-S${n.toString(36).toUpperCase().padStart(7, '0')}`,
            userId: customer.id,
            userPhone: customer.phone,
            username: null,
            tenantId: brandOf(n, brands),
            orderType: buy ? 'fiat_to_crypto' : 'crypto_to_fiat',
            method: n % 5 === 0 ? 'cash' : 'bank',
            network: buy ? NETWORKS[n % 4] : 'TRC20',
            rate: '88',
            rateSource: { settingsRevision: '0', overrideRevision: null, rateKey: 'usdt_bank_buy' },
            feePercent: '0',
            fiatAmount: buy ? String(1000 + (n % 50) * 100) : '8800',
            cryptoAmount: buy ? '11.36' : '100.00',
            feeAmount: '0',
            withdrawAddress: buy ? 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' : null,
            depositAddress: null,
            payoutBankAccount: null,
            placedAt,
            rateLockedUntil: placedAt,
            paymentDueAt: new Date(Date.now() + 86_400_000).toISOString(),
          },
        },
      ];
      const at = new Date().toISOString();
      if (n % 5 < 2)
        events.push({
          eventId: randomUUID(),
          type: 'OrderCompleted',
          metadata: testMetadata({ actor: { id: 'admin', role: 'admin' } }),
          data: { completedAt: at, bankUtr: buy ? null : 'UTR1', cryptoReference: buy ? '0x1' : null, repriced: null },
        });
      else if (n % 5 === 2)
        events.push({
          eventId: randomUUID(),
          type: 'OrderRejected',
          metadata: testMetadata({ actor: { id: 'admin', role: 'admin' } }),
          data: { rejectedAt: at, reason: null },
        });
      await store.append(`order-${orderId}`, events, { expected: 'no_stream' });
      onProgress(++done);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}
