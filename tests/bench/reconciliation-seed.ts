/**
 * Writes the reconciliation bench's world (reconciliation-world.ts) the fast way the orders bench
 * does: customers and their saved bank accounts as rows, the statement's account on the operator's
 * brand (TenantStore, as a confirmed change records it), and every order's events appended
 * straight through the event store by eight writers, as the product would have recorded them: a
 * buy placed, its proof with the UTR its customer typed; a sell placed, its transaction, verified
 * and completed with the payout UTR the admin typed; the rest placed and maybe rejected or
 * cancelled. The projections then build the read models from them as from orders placed over HTTP.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { EventStore, NewEvent } from '../../platform/src/eventstore/event-store';
import { systemMetadata } from '../../platform/src/eventstore/event-metadata';
import { NETWORKS } from '../../machines/src/addresses/networks';
import { DEFAULT_TENANT_ID } from '../../machines/src/tenants/tenant-id';
import { bankAccountId } from '../../machines/src/reconciliation/bank-account-id';
import type { TenantStore } from '../../services/src/tenants/tenant-store';
import { testMetadata } from '../support/event-factory';
import { refCodeOf } from './reconciliation-outcome';
import { BENCH_ACCOUNT } from './reconciliation-statement';
import type { PlannedOrder, World } from './reconciliation-world';

const WRITERS = 8;
const ROWS_PER_INSERT = 1_000;
const WITHDRAW = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
const DEPOSIT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

export interface SeededWorld {
  accountId: string;
  customerIds: string[];
}

/** The world's customers, each with the bank account they saved (its holder is what a payer's name is weighed against). */
async function seedCustomers(db: Kysely<any>, world: World): Promise<string[]> {
  const ids = world.customers.map(() => randomUUID());
  for (let start = 0; start < ids.length; start += ROWS_PER_INSERT) {
    const slice = world.customers.slice(start, start + ROWS_PER_INSERT);
    await db
      .insertInto('users')
      .values(
        slice.map((customer, i) => ({
          id: ids[start + i],
          tenant_id: DEFAULT_TENANT_ID,
          username: customer.holder,
          phone: `+9180${String(start + i).padStart(8, '0')}`,
          password_hash: 'x',
          roles: [],
          password_set_by_other: false,
          password_changed_at: new Date(),
        })),
      )
      .execute();
    await db
      .insertInto('user_bank_accounts')
      .values(
        slice.map((customer, i) => ({
          id: randomUUID(),
          user_id: ids[start + i],
          bank_name: 'State Bank of India',
          account_name: customer.holder,
          account_number: `3001${String(start + i).padStart(8, '0')}`,
          ifsc: 'SBIN0004567',
          is_default: true,
        })),
      )
      .execute();
  }
  return ids;
}

/** One order's events, as the product records them, at `placedAt` and shortly after. */
function orderEvents(order: PlannedOrder, n: number, customer: { id: string; phone: string; holder: string }, placedAt: Date): NewEvent[] {
  const at = (minutes: number) => new Date(placedAt.getTime() + minutes * 60_000).toISOString();
  const by = (role: 'customer' | 'admin', minutes: number) =>
    testMetadata({ actor: role === 'customer' ? { id: customer.id, role } : { id: 'bench-admin', role }, acceptedAt: at(minutes) });
  const event = (type: string, data: unknown, metadata: NewEvent['metadata']): NewEvent => ({ eventId: randomUUID(), type, data, metadata });
  const placed = event(
    'OrderPlaced',
    {
      orderId: randomUUID(),
      refCode: refCodeOf(n),
      userId: customer.id,
      userPhone: customer.phone,
      username: null,
      tenantId: DEFAULT_TENANT_ID,
      orderType: order.buy ? 'fiat_to_crypto' : 'crypto_to_fiat',
      method: 'bank',
      network: order.buy ? NETWORKS[n % NETWORKS.length] : 'TRC20',
      rate: '88',
      rateSource: { settingsRevision: '0', overrideRevision: null, rateKey: order.buy ? 'usdt_bank_buy' : 'usdt_bank_sell' },
      feePercent: '0',
      fiatAmount: String(order.fiatRupees),
      cryptoAmount: (order.fiatRupees / 88).toFixed(2),
      feeAmount: '0',
      withdrawAddress: order.buy ? WITHDRAW : null,
      depositAddress: order.buy ? null : DEPOSIT,
      payoutBankAccount: order.buy
        ? null
        : { bankName: 'State Bank of India', accountName: customer.holder, accountNumber: '300112345678', ifsc: 'SBIN0004567' },
      placedAt: at(0),
      rateLockedUntil: at(5),
      paymentDueAt: at(60),
    },
    by('customer', 0),
  );
  const events = [placed];
  if (order.typedReference !== null && order.buy) {
    events.push(
      event(
        'ProofSubmitted',
        { attachment: null, reference: order.typedReference, submittedAt: at(3), afterRateLock: false, afterPaymentWindow: false },
        by('customer', 3),
      ),
    );
  } else if (order.typedReference !== null) {
    const transaction = `0x${randomUUID().replaceAll('-', '')}${randomUUID().replaceAll('-', '')}`;
    events.push(
      event(
        'ProofSubmitted',
        { attachment: null, reference: transaction, submittedAt: at(3), afterRateLock: false, afterPaymentWindow: false },
        by('customer', 3),
      ),
      event('OrderVerified', { verifiedAt: at(20) }, by('admin', 20)),
      event('OrderCompleted', { completedAt: at(30), bankUtr: order.typedReference, cryptoReference: null, repriced: null }, by('admin', 30)),
    );
  } else if (order.closed === 'rejected') {
    events.push(event('OrderRejected', { rejectedAt: at(90), reason: null, reasonCode: 'utr_not_found' }, by('admin', 90)));
  } else if (order.closed === 'cancelled') {
    events.push(event('OrderCancelled', { cancelledAt: at(2), reasonCode: 'customer_request', note: null }, by('customer', 2)));
  }
  return events;
}

export async function seedWorld(
  context: { db: Kysely<any>; store: EventStore; tenants: TenantStore },
  world: World,
  firstDay: string,
  onProgress: (done: number) => void,
): Promise<SeededWorld> {
  const customerIds = await seedCustomers(context.db, world);
  // The account the statement is for, on the operator's own brand: what a confirmed change to the brand records.
  await context.tenants.change(DEFAULT_TENANT_ID, systemMetadata(DEFAULT_TENANT_ID, 'bench'), { bankAccounts: [{ ...BENCH_ACCOUNT }] });
  const first = Date.parse(`${firstDay}T00:00:00Z`);
  let next = 0;
  let done = 0;
  const writer = async () => {
    while (next < world.orders.length) {
      const n = next++;
      const order = world.orders[n]!;
      const customer = {
        id: customerIds[order.customer]!,
        phone: `+9180${String(order.customer).padStart(8, '0')}`,
        holder: world.customers[order.customer]!.holder,
      };
      // Placed in the morning of its day (spread by the order's number), paid and booked the same day.
      const placedAt = new Date(first + order.day * 86_400_000 + 3 * 3_600_000 + (n % 600) * 60_000);
      const events = orderEvents(order, n, customer, placedAt);
      await context.store.append(`order-${(events[0]!.data as { orderId: string }).orderId}`, events, { expected: 'no_stream' });
      onProgress(++done);
    }
  };
  await Promise.all(Array.from({ length: WRITERS }, writer));
  return { accountId: bankAccountId(DEFAULT_TENANT_ID, BENCH_ACCOUNT), customerIds };
}
