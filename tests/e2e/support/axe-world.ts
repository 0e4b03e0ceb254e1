import { readFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import type { AppServer } from './app-server';
import { createAdminOnServer } from '../../support/admin-cli';

/**
 * The demo-like desk the accessibility sweep reads (accessibility.e2e.test.ts): the operator's brand
 * with receiving accounts and a statement, two brands on their own hosts with a support contact (a
 * light colour and a saturated one, the two a theme finds hardest), a customer with orders on each,
 * an admin of each brand, a compliance officer, and a desk change left waiting. Made through the API; the second pair
 * of eyes every change needs is a second operator admin made at the server (decision 0030).
 */
export const BRANDS = {
  lemon: { name: 'Lemon Exchange', host: 'lemon.example', colour: '#ffd43b' },
  sunrise: { name: 'Sunrise Exchange', host: 'sunrise.example', colour: '#e8590c' },
} as const;
export type BrandKey = keyof typeof BRANDS;

export const OPERATOR = { phone: '+919000000291', password: 'e2e-operator-password' };
const SECOND_ADMIN = '+919000000292';
const OFFICER = { phone: '+919812329003', password: 'officer-pass-29' };
const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const HDFC = { bankName: 'HDFC Bank', accountName: 'E2E Desk Trading', accountNumber: '50100099887766', ifsc: 'HDFC0001234', isActive: true };
const STATEMENT = path.resolve(import.meta.dirname, '../fixtures/hdfc-statement-april.csv');

/** Who signs in where, and the ids the pages with an id in their path need. */
export interface SweepWorld {
  tokens: { operator: string; officer: string; customer: string; brandAdmin: Record<BrandKey, string>; brandCustomer: Record<BrandKey, string> };
  ids: {
    buy: string;
    sell: string;
    /** A buy whose payout waits for a second admin. */
    asked: string;
    brandBuy: Record<BrandKey, string>;
    brandSell: Record<BrandKey, string>;
    tenant: string;
    bankAccount: string;
    pendingChange: string;
  };
}

type Call = (method: string, path: string, token: string | null, body?: unknown) => Promise<any>;

function caller(server: AppServer): Call {
  return async (method, route, token, body) => {
    const form = body instanceof FormData;
    const response = await fetch(`${server.base}${route}`, {
      method,
      headers: {
        ...(body !== undefined && !form ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        'idempotency-key': crypto.randomUUID(),
      },
      body: body === undefined ? undefined : form ? body : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${route} answered ${response.status}: ${text}`);
    return text ? JSON.parse(text) : null;
  };
}

/** A sign-in on a brand's host (fetch cannot set Host): its token. */
function signInOn(server: AppServer, host: string, who: { phone: string; password: string }): Promise<string> {
  const data = JSON.stringify(who);
  const url = new URL('/api/auth/login', server.base);
  return new Promise((resolve, reject) => {
    const sent = httpRequest(
      url,
      { method: 'POST', headers: { host: `${host}:${url.port}`, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(data)) } },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          response.statusCode === 200 ? resolve(JSON.parse(text).token) : reject(new Error(`sign-in on ${host}: ${response.statusCode} ${text}`)),
        );
      },
    );
    sent.on('error', reject);
    sent.end(data);
  });
}

/** The brand's name as its host's public config gives it, once the server resolves the host (a few seconds' cache). */
function brandNameOn(server: AppServer, host: string): Promise<string | undefined> {
  const url = new URL('/api/config/public', server.base);
  return new Promise((resolve, reject) => {
    httpRequest(url, { headers: { host: `${host}:${url.port}` } }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve(response.statusCode === 200 ? JSON.parse(text).brand?.name : undefined));
    })
      .on('error', reject)
      .end();
  });
}

export async function buildSweepWorld(server: AppServer): Promise<SweepWorld> {
  const api = caller(server);
  const operator = await server.signIn(OPERATOR);
  const brandIds = {} as Record<BrandKey, string>;
  const domainChanges: string[] = [];
  for (const key of Object.keys(BRANDS) as BrandKey[]) {
    const form = new FormData();
    form.set('name', BRANDS[key].name);
    form.set('domain', BRANDS[key].host);
    form.set('primaryColor', BRANDS[key].colour);
    // A support contact, which the brand's landing shows (decision 0035).
    form.set('supportPhone', '+91 98765 43210');
    form.set('supportEmail', `help@${BRANDS[key].host}`);
    form.set('supportWhatsApp', 'https://wa.me/919876543210');
    form.set('supportHours', 'Mon–Sat, 10:00–19:00 IST');
    const made = await api('POST', '/api/admin/tenants', operator, form);
    brandIds[key] = made.tenant._id;
    domainChanges.push(made.domainChange._id);
  }
  // Staff made at the server (an account made on the admin screens waits for a second admin and
  // signs in only once its holder sets their own password): the second operator admin and each brand's.
  const [secondPassword, lemonAdminPassword, sunriseAdminPassword] = await Promise.all([
    createAdminOnServer(server.serverEnv, SECOND_ADMIN),
    createAdminOnServer(server.serverEnv, '+919812329101', brandIds.lemon),
    createAdminOnServer(server.serverEnv, '+919812329102', brandIds.sunrise),
  ]);
  const second = await server.signIn({ phone: SECOND_ADMIN, password: secondPassword });
  const confirm = (id: string) => api('POST', `/api/admin/changes/${id}/confirm`, second);

  // Where customers pay, on every brand: each list waits for the second admin.
  const accounts = (accountNumber: string) => ({
    bankAccounts: [{ ...HDFC, accountNumber }],
    cryptoWallets: [{ network: 'TRC20', address: TRON, isActive: true }],
  });
  // Each confirmed before the next is asked: a change asked before another to its brand lands is stale.
  for (const id of domainChanges) await confirm(id);
  await confirm((await api('PUT', '/api/admin/tenants/default', operator, accounts(HDFC.accountNumber))).change._id);
  for (const [i, id] of Object.values(brandIds).entries()) {
    await confirm((await api('PUT', `/api/admin/tenants/${id}`, operator, accounts(`5010009988770${i}`))).change._id);
  }

  // The compliance officer signs up with a password of their own; the role waits for the second admin.
  const { user: officer } = await api('POST', '/api/auth/register', null, await registration(server, api, { username: 'Asha Auditor', ...OFFICER }));
  await confirm((await api('PUT', `/api/admin/users/${officer._id}/roles`, operator, { roles: ['compliance'] })).change._id);

  const hdfcId = (await api('GET', '/api/admin/bank-accounts', operator)).bankAccounts.find(
    (a: any) => a.accountNumberEnd === HDFC.accountNumber.slice(-4),
  )._id;
  const statement = new FormData();
  statement.set('file', new File([await readFile(STATEMENT)], 'hdfc-statement-april.csv'));
  await api('POST', `/api/admin/bank-accounts/${hdfcId}/statements`, operator, statement);

  // Brand hosts resolve once the server's cache of domains has the confirmed ones.
  for (const key of Object.keys(BRANDS) as BrandKey[]) {
    for (const deadline = Date.now() + 20_000; (await brandNameOn(server, BRANDS[key].host)) !== BRANDS[key].name;) {
      if (Date.now() > deadline) throw new Error(`${BRANDS[key].host} never resolved to ${BRANDS[key].name}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  const customer = await customerWithOrders(server, api, '+919812329201', 'Ravi Kumar');
  const lemon = await customerWithOrders(server, api, '+919812329202', 'Neha Gupta', BRANDS.lemon.host);
  const sunrise = await customerWithOrders(server, api, '+919812329203', 'Vikram Singh', BRANDS.sunrise.host);

  // A payout above the four-eyes threshold that the operator's admin asked a second admin to approve:
  // the order page's four-eyes card, as its requester sees it.
  // (A stricter rule is in force at once; one that waits is confirmed.)
  const stricter = await api('PUT', '/api/admin/settings', operator, { controls: { fourEyesAboveInr: 5000 } });
  if (stricter.change) await confirm(stricter.change._id);
  const asked = await placeBuy(api, customer.token, 6_000, 'UTR29ASKED01');
  await api('POST', `/api/admin/orders/${asked}/verify`, operator);
  const approval = await api('POST', `/api/admin/orders/${asked}/approve`, operator, {});
  if (!approval.pendingConfirmation) throw new Error(`the payout of ${asked} did not wait for a second admin: ${JSON.stringify(approval)}`);

  // Left waiting for a second admin, for the desk-change pages.
  const pendingChange = (await api('PUT', '/api/admin/settings', operator, { controls: { fourEyesAboveInr: 0 } })).change._id;
  return {
    tokens: {
      operator,
      officer: await server.signIn(OFFICER),
      customer: customer.token,
      brandAdmin: {
        lemon: await signInOn(server, BRANDS.lemon.host, { phone: '+919812329101', password: lemonAdminPassword }),
        sunrise: await signInOn(server, BRANDS.sunrise.host, { phone: '+919812329102', password: sunriseAdminPassword }),
      },
      brandCustomer: { lemon: lemon.token, sunrise: sunrise.token },
    },
    ids: {
      buy: customer.buy,
      sell: customer.sell,
      asked,
      brandBuy: { lemon: lemon.buy, sunrise: sunrise.buy },
      brandSell: { lemon: lemon.sell, sunrise: sunrise.sell },
      tenant: brandIds.sunrise,
      bankAccount: hdfcId,
      pendingChange,
    },
  };
}

/** The body of a sign-up, after the phone's code is verified. */
async function registration(server: AppServer, api: Call, person: { username: string; phone: string; password: string }) {
  const since = Date.now() - 1000;
  await api('POST', '/api/auth/register/otp/send', null, { phone: person.phone });
  await api('POST', '/api/auth/register/otp/verify', null, { phone: person.phone, otp: await server.otpFor(person.phone, 'register', since) });
  return person;
}

/** A customer who signs up on `host` (the operator's when absent), saves a wallet and a bank account, and places a buy (its payment told) and a sell. */
async function customerWithOrders(server: AppServer, api: Call, phone: string, username: string, host?: string) {
  const token = await server.signUp({ phone, password: 'customer-pass-29', username }, host);
  await api('POST', '/api/user/wallet', token, { network: 'TRC20', address: TRON, label: 'My TRC20', isDefault: true });
  const bank = await api('POST', '/api/user/bank-account', token, {
    bankName: 'State Bank of India',
    accountHolder: username,
    accountNumber: `30010${phone.slice(-4)}45`,
    ifsc: 'SBIN0001234',
    isDefault: true,
  });
  const buy = await placeBuy(api, token, 25_000, `UTR29${phone.slice(-4)}1122`);
  const sell = (await api('POST', '/api/orders/crypto-to-fiat', token, { cryptoAmount: 150, method: 'bank', bankAccountId: bank.account._id })).order._id;
  return { token, buy, sell };
}

/** A bank buy to the customer's wallet, its payment told: its id. */
async function placeBuy(api: Call, token: string, fiatAmount: number, bankReference: string): Promise<string> {
  const { order } = await api('POST', '/api/orders/fiat-to-crypto', token, { fiatAmount, network: 'TRC20', withdrawAddress: TRON, method: 'bank' });
  await api('POST', `/api/orders/${order._id}/upload`, token, { bankReference });
  return order._id;
}
