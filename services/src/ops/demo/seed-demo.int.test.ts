import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/test-database';
import { openDemoApps } from '../../../../tests/support/demo-apps';
import type { DemoApps } from './demo-apps';
import { seedDemo, type DemoResult } from './seed-demo';
import { DEMO_BRAND, DEMO_CUSTOMERS, DEMO_PASSWORDS } from './demo-data';
import { ask } from './demo-api';
import { findUserByPhone } from '../../identity/users.repository';
import { PgEventStore } from '@desk/platform/eventstore/postgres/pg-event-store';
import { createPublicClient, http, parseEventLogs } from 'viem';
import { hexToTron } from '@desk/machines/chain/tron-address';
import { fromBaseUnits } from '@desk/machines/chain/token-units';
import { startDemoChain, usdtLess, type DemoChain } from './demo-chain';
import { testUsdt } from '../../chain/dev-node/test-usdt';
import { CHAIN_DEMO_ORDERS } from './seed-chain';
import { orderStream } from '../../orders/order-store';

describe('npm run seed -- demo', () => {
  let database: TestDatabase;
  let apps: DemoApps;
  let first: DemoResult;
  let chain: DemoChain;
  const lines: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    // anvil is a devDependency: here it must be installed (a machine without it fails, never skips).
    const started = await startDemoChain();
    if (!started) throw new Error('@foundry-rs/anvil has no binary installed here');
    chain = started;
    apps = await openDemoApps(database, chain);
    first = await seedDemo(apps, (line) => lines.push(line));
  }, 60_000);
  afterAll(async () => {
    await apps.close();
    await chain?.stop();
    await database.drop();
  });

  const signIn = async (phone: string, password: string, host: string) =>
    (await ask<{ token: string }>(apps.api, 'POST', '/api/auth/login', { host, body: { phone, password } })).body.token;
  const operatorToken = () => signIn(first.logins[0]!.phone, DEMO_PASSWORDS.operator, 'localhost');

  it('leaves orders in every status on both brands, as the admin list shows them', async () => {
    const token = await operatorToken();
    const statuses = ['pending', 'fiat_received', 'approved', 'crypto_sent', 'completed', 'rejected', 'cancelled', 'expired'];
    for (const status of statuses) {
      const listed = await ask<{ items: { brand: { _id: string } }[]; total: number }>(apps.api, 'GET', `/api/admin/orders?status=${status}`, {
        token,
        host: 'localhost',
      });
      expect(listed.body.total, status).toBeGreaterThan(0);
    }
    const all = (await ask<{ items: any[] }>(apps.api, 'GET', '/api/admin/orders?pageSize=200', { token, host: 'localhost' })).body.items;
    expect(all).toHaveLength(first.orders.length);
    expect(new Set(all.map((o) => o.brand._id))).toEqual(new Set(['default', first.sunriseId]));
    // The states within a status: proof waiting for an admin, a repriced completion, a file proof.
    expect(all.some((o) => o.status === 'pending' && o.proofCount > 0)).toBe(true);
    expect(all.some((o) => o.status === 'pending' && o.proofCount === 0)).toBe(true);
    const repriced = all.find((o) => o.priceHistory.length > 0);
    expect(repriced).toMatchObject({ status: 'completed', rate: '92.25', rateLockExpiredProof: true });
    expect(all.some((o) => o.attachments.length === 1)).toBe(true);
  });

  it('gives the second brand its domain, accounts and overrides, and its admin only its orders', async () => {
    const config = await ask<any>(apps.api, 'GET', '/api/config/public', { host: DEMO_BRAND.domain });
    expect(config.body.brand.name).toBe(DEMO_BRAND.name);
    expect(config.body.rates.usdt_bank_buy).toBe(91.5);
    const brandAdmin = await signIn(DEMO_BRAND.admin.phone, DEMO_PASSWORDS.brandAdmin, DEMO_BRAND.domain);
    const theirs = (await ask<{ items: any[] }>(apps.api, 'GET', '/api/admin/orders?pageSize=200', { token: brandAdmin, host: DEMO_BRAND.domain })).body.items;
    expect(theirs.length).toBe(first.orders.filter((o) => o.brand === 'sunrise').length);
    expect(theirs.every((o) => o.brand._id === first.sunriseId)).toBe(true);
    const tenant = await ask<any>(apps.api, 'GET', `/api/admin/tenants/${first.sunriseId}`, { token: await operatorToken(), host: 'localhost' });
    expect(tenant.body).toMatchObject({ domain: DEMO_BRAND.domain, bankAccounts: [{ bankName: 'HDFC Bank' }], cryptoWallets: [{ network: 'TRC20' }] });
  });

  it('records every event with who acted: customers, admins of each scope, and the system for expiries', async () => {
    const { rows } = await database.pool.query<{ role: string; actor: string; type: string }>(
      `select metadata->'actor'->>'role' as role, metadata->'actor'->>'id' as actor, event_type as type from es_events`,
    );
    const roles = (type: string) => new Set(rows.filter((r) => r.type === type).map((r) => r.role));
    expect(roles('OrderPlaced')).toEqual(new Set(['customer']));
    expect(roles('OrderVerified')).toEqual(new Set(['admin']));
    expect(roles('OrderExpired')).toEqual(new Set(['system']));
    const { rows: agents } = await database.pool.query<{ agent: string }>(
      `select distinct metadata->>'userAgent' as agent from es_events where event_type = 'OrderPlaced'`,
    );
    expect(agents).toEqual([{ agent: 'usdt-desk demo seed' }]);
  });

  it('records how each account was made: the operator admin at start-up, the brand admin and customers by the seed at the server', async () => {
    const streamOf = async (phone: string, tenantId: string) => {
      const user = await findUserByPhone(database.db, tenantId, phone);
      const events = await new PgEventStore({ pool: database.pool, connectionString: database.url }).readStream(`user-${user!.id}`);
      return { user: user!, events };
    };
    // With no ADMIN_PHONE configured, the demo apps' start-up makes the demo operator (demo-apps.ts),
    // so the seed's own createAdmin (via 'seed') finds it there.
    const operator = await streamOf(first.logins[0]!.phone, 'default');
    expect(operator.events[0]).toMatchObject({
      type: 'UserRegistered',
      data: { via: 'bootstrap', roles: ['admin'] },
      metadata: { actor: { id: 'admin-bootstrap', role: 'system' } },
    });
    // A staff account made on the admin screens would wait for a second admin (decision 0030).
    const brandAdmin = await streamOf(DEMO_BRAND.admin.phone, first.sunriseId);
    expect(brandAdmin.events[0]).toMatchObject({
      type: 'UserRegistered',
      data: { via: 'seed', tenantId: first.sunriseId, roles: ['admin'] },
      metadata: { actor: { id: 'demo-seed', role: 'system' } },
    });
    // Not on the admin screens: an account an admin made there places no order until its holder sets
    // their own password by SMS (decision 0029, third addendum); no maker is recorded.
    const customer = await streamOf(DEMO_CUSTOMERS[0]!.phone, DEMO_CUSTOMERS[0]!.brand === 'sunrise' ? first.sunriseId : 'default');
    expect(customer.events[0]).toMatchObject({
      type: 'UserRegistered',
      data: { via: 'seed', roles: [] },
      metadata: { actor: { id: 'demo-seed', role: 'system' } },
    });
    expect(customer.user.created_by).toBeNull();
  });

  it("imports a statement per brand account and matches its lines: payments, a third party's, a payout, an unexplained credit", async () => {
    const token = await operatorToken();
    const get = async (path: string) => (await ask<any>(apps.api, 'GET', path, { token, host: 'localhost' })).body;
    const accounts = (await get('/api/admin/bank-accounts')).bankAccounts as { _id: string; tenantId: string }[];
    expect(accounts).toHaveLength(2);
    const matched = (await Promise.all(accounts.map(async (a) => (await get(`/api/admin/bank-accounts/${a._id}/lines?state=matched`)).lines))).flat();
    const flags = matched.map((line: any) => line.match.flags).flat();
    expect(matched.length).toBeGreaterThanOrEqual(5);
    expect(flags).toContain('third_party_payer');
    expect(matched.some((line: any) => line.direction === 'debit')).toBe(true);
    const queue = (await get('/api/admin/reconciliation/unmatched')).lines as { amount: string; direction: string }[];
    expect(queue).toEqual(expect.arrayContaining([expect.objectContaining({ amount: '4321.00', direction: 'credit' })]));
    const without = (await get('/api/admin/reconciliation/orders-without-money')).orders as { missing: string }[];
    expect(without.some((o) => o.missing === 'credit')).toBe(true);
  });

  it("balances the operator's books: each currency's book, and the bank account where its statement closes", async () => {
    const token = await operatorToken();
    const { position } = (await ask<any>(apps.api, 'GET', '/api/admin/ledger/position?tenantId=default', { token, host: 'localhost' })).body;
    for (const book of position.books) expect(book.balanced, `${book.currency} balances`).toBe(true);
    const bank = position.accounts.find((account: any) => account.account.startsWith('bank:'));
    expect(bank).toMatchObject({ status: 'agrees', difference: '0' });
    // The credit no order explains is shown beside it, never hidden.
    expect(Number(bank.notExplained.amount)).toBeGreaterThan(0);
  });

  it('leaves chain demo orders with readings of real transfers: a sell confirmed, one confirming, a payout confirmed, a short payout flagged', async () => {
    const token = await operatorToken();
    const read = async (state: string) => {
      const seeded = first.orders.find((o) => o.state === state);
      expect(seeded, state).toBeDefined();
      return (await ask<any>(apps.api, 'GET', `/api/admin/orders/${seeded!.id}`, { token, host: 'localhost' })).body;
    };
    const paid = await read('pending, paid on chain (confirmed)');
    expect(paid).toMatchObject({
      orderType: 'sell',
      status: 'pending',
      chainCheck: { network: 'TRC20', paidBy: 'customer', state: 'confirmed', required: 19 },
    });
    expect(paid.chainCheck.txHash).toBe(paid.cryptoReference);
    const confirming = await read('pending, paid on chain (confirming)');
    expect(confirming.chainCheck).toMatchObject({ paidBy: 'customer', state: 'confirming', confirmations: 3, required: 19 });
    const paidOut = await read('completed, payout confirmed on chain');
    expect(paidOut).toMatchObject({ orderType: 'buy', status: 'completed', chainCheck: { paidBy: 'desk', state: 'confirmed' } });
    expect(paidOut.flags.map((f: { kind: string }) => f.kind)).not.toContain('payout_mismatch');
    const short = await read('crypto sent, payout flagged by the chain');
    expect(short).toMatchObject({
      status: 'crypto_sent',
      chainCheck: { paidBy: 'desk', state: 'wrong_amount', check: { expectedAmount: short.cryptoAmount } },
    });
    expect(short.flags).toEqual([expect.objectContaining({ kind: 'payout_mismatch' })]);

    // Real transactions: each hash is a mined Transfer of the demo USDT to the order's address, and each order's stream records the reading.
    const client = createPublicClient({ transport: http(chain.url) });
    for (const order of [paid, confirming, paidOut, short]) {
      const receipt = await client.getTransactionReceipt({ hash: order.chainCheck.txHash });
      const transfers = parseEventLogs({ abi: testUsdt().abi, logs: receipt.logs, eventName: 'Transfer' }) as unknown as {
        args: { to: string; value: bigint };
      }[];
      expect(receipt.status).toBe('success');
      expect(transfers.map((t) => [hexToTron(t.args.to), fromBaseUnits(t.args.value, 6)])).toEqual([
        [order.orderType === 'sell' ? order.depositAddress : order.withdrawAddress, order === short ? usdtLess(short.cryptoAmount, '1') : order.cryptoAmount],
      ]);
      const events = await new PgEventStore({ pool: database.pool, connectionString: database.url }).readStream(orderStream(order._id));
      expect(events.some((e) => e.type === 'ChainTransferChecked')).toBe(true);
    }
    expect(lines.filter((line) => line.startsWith('[seed] chain order'))).toHaveLength(CHAIN_DEMO_ORDERS.length);
    expect(lines).toContainEqual(expect.stringMatching(/chain order 1\/4 .*; the chain: Verified on chain: 250\.00 USDT/));
  });

  it('prints the logins it created, each of which signs in on its brand', async () => {
    expect(first.logins.map((l) => l.role)).toEqual(['operator admin', 'brand admin', ...Array(6).fill('customer')]);
    for (const login of first.logins) expect(await signIn(login.phone, login.password, login.host)).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  });

  it('adds nothing when run again', async () => {
    // Staff's sign-ins are recorded (decision 0029): the run signs its admins in again, and adds nothing else.
    const events = async () => Number((await database.pool.query(`select count(*) from es_events where event_type <> 'StaffSignedIn'`)).rows[0].count);
    const before = await events();
    const againLines: string[] = [];
    const again = await seedDemo(apps, (line) => againLines.push(line));
    expect(again.alreadySeeded).toBe(true);
    // anvil's chain is new each run: the chain demo orders, already there, are not paid again.
    expect(againLines.filter((line) => line.includes("its chain steps are skipped, anvil's chain is new each run"))).toHaveLength(CHAIN_DEMO_ORDERS.length);
    expect(again.orders.map((o) => o.id)).toEqual(first.orders.map((o) => o.id));
    expect(await events()).toBe(before);
    expect(first.alreadySeeded).toBe(false);
  }, 30_000);
});
