/**
 * The chain demo orders (issue 28): beside the orders in every state (seed-orders.ts), a few whose
 * chain facts are real readings of real transactions on the demo chain (demo-chain.ts), each
 * through the chain-reading copy of the API as its customer or an admin of its brand, with
 * Idempotency-Keys. Their transfers are made first and the blocks mined after, then each order is
 * read once more (what the API's chain-check job does): no block is mined after these readings, so
 * a job reading again finds nothing new to record.
 *
 * anvil's chain is new each run: an order an earlier run placed (its placement is answered again)
 * keeps what that run recorded, and its chain steps are skipped entirely; the seed says so.
 */
import { DEFAULT_TENANT_ID } from '@desk/machines/tenants/tenant-id';
import { CommandError } from '../cli-errors';
import { seconds, type WriteLine } from '../progress';
import { ask } from './demo-api';
import type { DemoApps, DemoChainApps } from './demo-apps';
import { usdtLess } from './demo-chain';
import type { Brand } from './demo-data';
import type { SeededOrder } from './seed-orders';
import type { DemoCustomerSession, DemoPeople, SignedIn } from './seed-people';

export interface ChainDemoOrder {
  /** The state the order is left in, as the summary names it (demo-data.ts STATUS_OF_STATE). */
  state: string;
  customer: string;
  side: 'buy' | 'sell';
  /** INR for a buy, USDT for a sell. */
  amount: number;
  /** A sell paid after the blocks that confirm the others: still confirming. */
  late?: boolean;
  /** A buy: the customer's UTR for the INR they sent. */
  utr?: string;
  /** A buy: its payout pays this many USDT less than the order's net amount. */
  payoutShortBy?: string;
  /** A buy: completed once its payout is confirmed. */
  complete?: boolean;
}

export const NO_ANVIL = '[seed] no anvil here: the chain demo orders are skipped';

/** Blocks mined after the late sell's transfer: its confirmations (its own block and these) stay under TRC20's 19. */
const LATE_BLOCKS = 2;

export const CHAIN_DEMO_ORDERS: readonly ChainDemoOrder[] = [
  { state: 'pending, paid on chain (confirmed)', customer: '+918000000011', side: 'sell', amount: 250 },
  { state: 'pending, paid on chain (confirming)', customer: '+918000000021', side: 'sell', amount: 180, late: true },
  { state: 'completed, payout confirmed on chain', customer: '+918000000012', side: 'buy', amount: 9_000, utr: 'UTR421112233', complete: true },
  // Sunrise records a payout the chain disputes, flagged (its chainPayoutMismatch, demo-data.ts).
  { state: 'crypto sent, payout flagged by the chain', customer: '+918000000022', side: 'buy', amount: 9_150, utr: 'UTR422112233', payoutShortBy: '1' },
];

interface PlacedOrder {
  _id: string;
  refCode: string;
  cryptoAmount: string;
  depositAddress: string | null;
  withdrawAddress: string | null;
}

interface ChainOrder {
  index: number;
  demo: ChainDemoOrder;
  order: PlacedOrder;
  customer: DemoCustomerSession;
  admin: SignedIn;
  replayed: boolean;
}

/** Places the chain demo orders and, for those placed now, makes and records their transfers. */
export async function seedChainOrders(apps: DemoApps, people: DemoPeople, write: WriteLine): Promise<SeededOrder[]> {
  const chain = apps.chain;
  if (!chain) {
    write(NO_ANVIL);
    return [];
  }
  const orders: ChainOrder[] = [];
  for (const [index, demo] of CHAIN_DEMO_ORDERS.entries()) orders.push(await place(chain, people, demo, index));
  const fresh = orders.filter((o) => !o.replayed);
  if (fresh.length > 0) {
    const started = Date.now();
    await makeTransfers(apps, chain, people, fresh);
    const where = `anvil on ${chain.node.url}, its USDT (6 decimals) at ${chain.node.usdtContract} read as TRC20's until the seed ends`;
    write(`[seed] ${fresh.length} chain orders paid and read in ${seconds(Date.now() - started)} (${where})`);
  }

  for (const { index, demo, order, customer, replayed } of orders) {
    const heading = `[seed] chain order ${index + 1}/${CHAIN_DEMO_ORDERS.length} ${order.refCode} ${demo.side} (${customer.brand}): ${demo.state}`;
    if (replayed) {
      write(`${heading} (already there: its chain steps are skipped, anvil's chain is new each run)`);
    } else {
      const read = await ask<{ chainCheck: { words: string } | null }>(apps.api, 'GET', `/api/admin/orders/${order._id}`, people.operator);
      write(`${heading}; the chain: ${read.body.chainCheck?.words ?? 'no reading'}`);
    }
  }
  return orders.map(({ demo, order, customer, replayed }) => ({ state: demo.state, id: order._id, refCode: order.refCode, brand: customer.brand, replayed }));
}

async function place(chain: DemoChainApps, people: DemoPeople, demo: ChainDemoOrder, index: number): Promise<ChainOrder> {
  const customer = people.customers.get(demo.customer);
  if (!customer) throw new CommandError(`chain demo order ${index + 1} names ${demo.customer}, who is not a demo customer`);
  const body =
    demo.side === 'buy'
      ? { fiatAmount: demo.amount, network: 'TRC20', withdrawAddress: customer.wallet, method: 'bank' }
      : { cryptoAmount: demo.amount, network: 'TRC20', method: 'bank', bankAccountId: customer.bankAccountId };
  const path = demo.side === 'buy' ? '/api/orders/fiat-to-crypto' : '/api/orders/crypto-to-fiat';
  const answer = await ask<{ order: PlacedOrder }>(chain.api, 'POST', path, { ...customer, key: `demo-chain-order-${index}-place`, body }, [201]);
  const admin = customer.brand === 'sunrise' ? people.brandAdmin : people.operator;
  return { index, demo, order: answer.body.order, customer, admin, replayed: answer.replayed };
}

/**
 * The transfers, in an order that leaves each reading as its state says: every transfer but the
 * late sell's, then TRC20's confirmations in empty blocks, then the late sell's and a couple of
 * blocks; then each order read again, and the buys that are to be completed, completed.
 */
async function makeTransfers(apps: DemoApps, chain: DemoChainApps, people: DemoPeople, orders: ChainOrder[]): Promise<void> {
  const wallets = await brandWallets(apps, people);
  for (const order of orders.filter((o) => !o.demo.late)) await pay(chain, order, wallets);
  await chain.node.mine(chain.node.networks.TRC20.confirmations);
  const late = orders.filter((o) => o.demo.late);
  for (const order of late) await pay(chain, order, wallets);
  if (late.length > 0) await chain.node.mine(LATE_BLOCKS);

  for (const { order } of orders) await chain.recordChainCheck(order._id);
  for (const { order, admin, index, demo } of orders.filter((o) => o.demo.complete)) {
    const key = `demo-chain-order-${index}-${demo.side}-complete`;
    await ask(chain.api, 'POST', `/api/admin/orders/${order._id}/complete`, { ...admin, key, body: {} });
  }
}

/**
 * One order's money on the chain, through the API: a sell's customer sends the USDT to the brand's
 * deposit address and gives its hash as proof; a buy's customer gives their UTR, an admin verifies,
 * the desk pays out from the brand's deposit address, and the admin records the payout's hash (the
 * API reads it on the chain before it records it).
 */
async function pay(chain: DemoChainApps, { index, demo, order, customer, admin }: ChainOrder, wallets: ReadonlyMap<Brand, string>): Promise<void> {
  const key = (step: string) => `demo-chain-order-${index}-${step}`;
  const orderPath = `/api/orders/${order._id}`;
  if (demo.side === 'sell') {
    if (!order.depositAddress) throw new CommandError(`sell ${order.refCode} has no deposit address to pay`);
    const hash = await chain.node.sendUsdt(customer.wallet, order.depositAddress, order.cryptoAmount);
    await ask(chain.api, 'POST', `${orderPath}/upload`, { ...customer, key: key('proof'), body: { cryptoReference: hash } });
    return;
  }
  const adminPath = `/api/admin/orders/${order._id}`;
  const from = wallets.get(customer.brand);
  if (!from || !order.withdrawAddress) throw new CommandError(`buy ${order.refCode}: no brand wallet to pay out from, or no address to pay`);
  await ask(chain.api, 'POST', `${orderPath}/upload`, { ...customer, key: key('proof'), body: { bankReference: demo.utr } });
  await ask(chain.api, 'POST', `${adminPath}/verify`, { ...admin, key: key('verify') });
  const amount = demo.payoutShortBy ? usdtLess(order.cryptoAmount, demo.payoutShortBy) : order.cryptoAmount;
  const hash = await chain.node.sendUsdt(from, order.withdrawAddress, amount);
  await ask(chain.api, 'POST', `${adminPath}/crypto-sent`, { ...admin, key: key('crypto-sent'), body: { cryptoReference: hash } });
}

/** Each demo brand's active TRC20 wallet (its deposit address), where the buys' payouts come from. */
async function brandWallets(apps: DemoApps, people: DemoPeople): Promise<Map<Brand, string>> {
  const wallets = new Map<Brand, string>();
  const ids: [Brand, string][] = [
    ['operator', DEFAULT_TENANT_ID],
    ['sunrise', people.sunriseId],
  ];
  for (const [name, id] of ids) {
    const brand = await ask<{ cryptoWallets: { network: string; address: string; isActive: boolean }[] }>(
      apps.api,
      'GET',
      `/api/admin/tenants/${id}`,
      people.operator,
    );
    const wallet = brand.body.cryptoWallets.find((w) => w.isActive && w.network === 'TRC20');
    if (wallet) wallets.set(name, wallet.address);
  }
  return wallets;
}

/** The closing lines about the chain demo orders, when there are any. */
export function chainClosingLines(orders: readonly { state: string }[]): string[] {
  const states = new Set(CHAIN_DEMO_ORDERS.map((o) => o.state));
  const onChain = orders.filter((o) => states.has(o.state)).length;
  if (onChain === 0) return [];
  return [
    '',
    `${onChain} orders carry readings of real USDT transfers, made on a local chain (anvil) the seed ran and stopped.`,
    '`npm start` reads no chain: those readings stay on the orders as recorded (badges, history), and nothing',
    'reads them again. For live checks, point CHAIN_TRC20_RPC_URL (and its _USDT_CONTRACT) at a Tron node:',
    'docs/chain-verification.md.',
  ];
}
