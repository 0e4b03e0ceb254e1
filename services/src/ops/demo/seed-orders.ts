import { CommandError } from '../cli-errors';
import type { WriteLine } from '../progress';
import { ask, type CallApi } from './demo-api';
import type { DemoApps } from './demo-apps';
import { DEMO_ORDERS, DEMO_PROOF_PNG, type DemoOrder, type DemoStep } from './demo-data';
import type { DemoPeople, SignedIn } from './seed-people';

interface PlacedOrder {
  _id: string;
  refCode: string;
  status: string;
  paymentDueAt: string;
  rateLockedUntil: string;
}

export interface SeededOrder {
  state: string;
  id: string;
  refCode: string;
  brand: 'operator' | 'sunrise';
  /** Every request for it was answered from an earlier run: nothing new was recorded. */
  replayed: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Waits until `iso` has passed (plus a margin for the clocks of the checks that follow). */
const until = (iso: string) => sleep(Math.max(0, Date.parse(iso) + 100 - Date.now()));

/**
 * Places every demo order (demo-data.ts) as its customer, then takes each through its steps as its
 * customer or an admin of its brand: the routes the screens call, so every event carries who acted,
 * from which brand, with which client. Every request has an Idempotency-Key derived from the order's
 * place in the list, so a second run is answered from the first and records nothing new. The orders
 * that are to expire or get late proof are placed first, so their short clocks run out meanwhile.
 */
export async function seedOrders(apps: DemoApps, people: DemoPeople, write: WriteLine): Promise<SeededOrder[]> {
  const placed = new Map<number, { order: PlacedOrder; replayed: boolean }>();
  const placingOrder = [...DEMO_ORDERS.keys()].sort((a, b) => Number(!DEMO_ORDERS[a]!.clock) - Number(!DEMO_ORDERS[b]!.clock));
  for (const index of placingOrder) placed.set(index, await place(apps, people, DEMO_ORDERS[index]!, index));

  const seeded: SeededOrder[] = [];
  for (const [index, demo] of DEMO_ORDERS.entries()) {
    const { order, replayed: placedBefore } = placed.get(index)!;
    const customer = people.customers.get(demo.customer)!;
    let replayed = placedBefore;
    for (const [n, step] of demo.steps.entries()) {
      const key = `demo-order-${index}-${n}-${step.do}`;
      const admin = customer.brand === 'sunrise' && !(step.do === 'complete' && step.by === 'operator') ? people.brandAdmin : people.operator;
      replayed = (await act(apps, { demo, order, customer, admin, key }, step)) && replayed;
    }
    seeded.push({ state: demo.state, id: order._id, refCode: order.refCode, brand: customer.brand, replayed });
    write(
      `[seed] order ${index + 1}/${DEMO_ORDERS.length} ${order.refCode} ${demo.side} (${customer.brand}): ${demo.state}${replayed ? ' (already there)' : ''}`,
    );
  }
  return seeded;
}

async function place(apps: DemoApps, people: DemoPeople, demo: DemoOrder, index: number): Promise<{ order: PlacedOrder; replayed: boolean }> {
  const customer = people.customers.get(demo.customer);
  if (!customer) throw new CommandError(`demo order ${index + 1} names ${demo.customer}, who is not a demo customer`);
  const api: CallApi = demo.clock === 'expiring' ? apps.expiringApi : demo.clock === 'late-proof' ? apps.lateProofApi : apps.api;
  const body =
    demo.side === 'buy'
      ? { fiatAmount: demo.amount, network: demo.network ?? 'TRC20', withdrawAddress: customer.wallet, method: demo.method }
      : { cryptoAmount: demo.amount, network: 'TRC20', method: demo.method, bankAccountId: customer.bankAccountId };
  const path = demo.side === 'buy' ? '/api/orders/fiat-to-crypto' : '/api/orders/crypto-to-fiat';
  const answer = await ask<{ order: PlacedOrder }>(api, 'POST', path, { ...customer, key: `demo-order-${index}-place`, body }, [201]);
  return { order: answer.body.order, replayed: answer.replayed };
}

interface StepContext {
  demo: DemoOrder;
  order: PlacedOrder;
  customer: SignedIn;
  admin: SignedIn;
  key: string;
}

/** One step; true when the API answered it from an earlier run. */
async function act(apps: DemoApps, { demo, order, customer, admin, key }: StepContext, step: DemoStep): Promise<boolean> {
  const { api } = apps;
  const orderPath = `/api/orders/${order._id}`;
  const adminPath = `/api/admin/orders/${order._id}`;
  switch (step.do) {
    case 'proof': {
      if (demo.clock === 'late-proof') await until(order.rateLockedUntil);
      const reference = demo.side === 'buy' ? { bankReference: step.reference } : { cryptoReference: step.reference };
      const body = { ...reference, ...(step.file ? { dataUrl: DEMO_PROOF_PNG } : {}) };
      return (await ask(api, 'POST', `${orderPath}/upload`, { ...customer, key, body })).replayed;
    }
    case 'cancel':
      return (await ask(api, 'POST', `${orderPath}/cancel`, { ...customer, key })).replayed;
    case 'verify':
      return (await ask(api, 'POST', `${adminPath}/verify`, { ...admin, key })).replayed;
    case 'crypto-sent':
      return (await ask(api, 'POST', `${adminPath}/crypto-sent`, { ...admin, key, body: { cryptoReference: step.cryptoReference } })).replayed;
    case 'complete': {
      const { bankUtr, cryptoReference, rate } = step;
      return (await ask(api, 'POST', `${adminPath}/complete`, { ...admin, key, body: { bankUtr, cryptoReference, rate } })).replayed;
    }
    case 'reject':
      return (await ask(api, 'POST', `${adminPath}/reject`, { ...admin, key, body: { reason: step.reason } })).replayed;
    case 'expire':
      return expire(apps, order, customer);
  }
}

/**
 * Nobody expires an order: the API does, by its timer job or its sweep of overdue orders. Once the
 * (short) window is over, the sweep runs once in case the job has not fired; the order must then be
 * expired. True when it already was (an earlier run).
 */
async function expire(apps: DemoApps, order: PlacedOrder, customer: SignedIn): Promise<boolean> {
  const status = async () => (await ask<{ status: string }>(apps.api, 'GET', `/api/orders/${order._id}`, customer)).body.status;
  if ((await status()) === 'expired') return true;
  await until(order.paymentDueAt);
  await apps.project();
  await apps.sweepOverdue();
  const now = await status();
  if (now !== 'expired') throw new CommandError(`order ${order.refCode} is ${now} after its payment window, not expired`);
  return false;
}
