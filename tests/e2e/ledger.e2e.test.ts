/**
 * The Books screen in real Chromium against a fresh `npm start` (issue 28, docs/ledger.md): a buy
 * paid into the brand's bank account is matched, verified and completed; the admin opens Books from
 * the sidebar and reads the day's position: the bank account agrees with the statement, with what no
 * order explains beside it, the wallet not checked (no node), the books balanced; downloads the
 * entries as CSV; a statement with a line the desk never received shows the difference in words; a
 * past day reads as the books stood. A compliance officer reads the same screen in their area, on
 * their access trail. axe finds no serious violation, and the screens fit 390 px and 1280 px.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP } from './support/browser';
import { e2eTestWith } from './support/e2e-fixtures';
import { checkedApiOf } from './support/signed-in';
import { watchCspViolations } from './support/csp-violations';
import { confirmOnServer } from '../support/admin-cli';
import { waitFor } from '../support/wait-for';
import { deskDay } from '../../machines/src/ledger/desk-day';
import { seriousViolations } from './support/axe';
import { fitsBothWidths, PHONE_WIDTH } from './support/both-widths';

const ADMIN = { phone: '+919000000291', password: 'e2e-books-admin' };
const CUSTOMER = { phone: '+919812300291', password: 'books-customer' };
const OFFICER = { phone: '+919812300292', password: 'books-officer' };
const HDFC = { bankName: 'HDFC Bank', accountName: 'E2E Desk Trading', accountNumber: '50100011223344', ifsc: 'HDFC0001234', isActive: true };
const WALLET = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

const today = deskDay(new Date())!;
const [yyyy, mm, dd] = today.split('-');

const it = e2eTestWith({ ADMIN_PHONE: ADMIN.phone, ADMIN_PASSWORD: ADMIN.password })
  /**
   * The day's books, once per file: HDFC and the wallet confirmed at the server; a buy of ₹8,500 paid
   * with its UTR, matched to its credit, verified and completed; a credit no order explains; a
   * compliance officer. With `api` (set-up calls that must succeed), `upload` (today's lines so far as
   * HDFC exports them, the balance after each, uploaded as the admin) and `bankPosition`.
   */
  .extend('books', { scope: 'file' }, async ({ server, admin }) => {
    const api = checkedApiOf(server);
    const lines: string[] = [];
    const saved = await api('PUT', '/api/admin/tenants/default', admin, {
      bankAccounts: [HDFC],
      cryptoWallets: [{ network: 'TRC20', address: WALLET, isActive: true }],
    });
    await confirmOnServer(server.serverEnv, saved.change._id);
    const hdfc: string = (await api('GET', '/api/admin/bank-accounts', admin)).bankAccounts.find((a: any) => a.bankName === 'HDFC Bank')._id;
    const upload = async (...more: { narration: string; ref: string; credit: string; balance: string }[]) => {
      const day = `${dd}/${mm}/${yyyy!.slice(2)}`;
      lines.push(...more.map((l) => `${day},"${l.narration}",${l.ref},${day},,"${l.credit}","${l.balance}"`));
      const file = ['Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance', ...lines, ''].join('\r\n');
      const form = new FormData();
      form.set('file', new File([file], 'statement.csv'));
      const response = await fetch(`${server.base}/api/admin/bank-accounts/${hdfc}/statements`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin}`, 'idempotency-key': crypto.randomUUID() },
        body: form,
      });
      expect(response.status).toBe(201);
    };
    const bankPosition = async () => (await api('GET', '/api/admin/ledger/position', admin)).position.accounts.find((a: any) => a.account === `bank:${hdfc}`);

    // A buy of ₹8,500 paid with its UTR; the statement also has a credit no order explains.
    const customer = await server.signUp({ username: 'Ravi Books', ...CUSTOMER });
    const { order } = await api('POST', '/api/orders/fiat-to-crypto', customer, {
      fiatAmount: 8500,
      network: 'TRC20',
      withdrawAddress: WALLET,
      method: 'bank',
    });
    await api('POST', `/api/orders/${order._id}/upload`, customer, { bankReference: '412345678991' });
    await upload(
      { narration: 'UPI-RAVI BOOKS-RAVI@OKAXIS-HDFC0001234-412345678991-ORDER', ref: '0000412345678991', credit: '8,500.00', balance: '1,08,500.00' },
      { narration: 'UPI-MEERA NAIR-MEERA@OKICICI-ICIC0001234-612345678993-GIFT', ref: '0000612345678993', credit: '7,500.00', balance: '1,16,000.00' },
    );
    await waitFor(
      'the buy matched to its credit',
      async () => (await api('GET', `/api/admin/orders/${order._id}`, admin)).bankMatch?.amount === '8500.00',
      30_000,
    );
    await api('POST', `/api/admin/orders/${order._id}/verify`, admin);
    await api('POST', `/api/admin/orders/${order._id}/complete`, admin, { cryptoReference: `0x${'cd'.repeat(32)}` });
    await waitFor('the books to agree with the statement', async () => (await bankPosition())?.status === 'agrees', 30_000);

    await api('POST', '/api/auth/register/otp/send', null, { phone: OFFICER.phone });
    await api('POST', '/api/auth/register/otp/verify', null, { phone: OFFICER.phone, otp: await server.otpFor(OFFICER.phone, 'register') });
    const { user } = await api('POST', '/api/auth/register', null, { username: 'Asha Auditor', ...OFFICER });
    const granting = await api('PUT', `/api/admin/users/${user._id}/roles`, admin, { roles: ['compliance'] });
    await confirmOnServer(server.serverEnv, granting.change._id);
    const officer = await server.signIn(OFFICER);
    return { api, upload, bankPosition, officer };
  });

describe('the desk’s books, in a real browser', () => {
  /** No serious axe violation, and nothing scrolls sideways at 390 px or 1280 px (the tables scroll in their own box). */
  const checkScreen = async (page: Page, name: string) => {
    expect(await seriousViolations(page), name).toEqual([]);
    await fitsBothWidths(page, 'books', name);
  };
  const bankRow = (page: Page) =>
    page
      .getByRole('table', { name: 'Daily position' })
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: /HDFC Bank/ }) });

  // The desk and its books start here, under a set-up's time (a test's own time is for the test).
  it.beforeAll(async ({ books }) => void books, 180_000);

  it('an admin opens Books and reads the day: the bank agrees with the statement, unexplained money and an unchecked wallet said in words', async ({
    open,
    admin,
  }) => {
    const page = await open(admin, '/admin/dashboard');
    const csp = await watchCspViolations(page);
    await page.getByRole('complementary', { name: 'Admin navigation' }).getByRole('link', { name: 'Books' }).click();
    await page.waitForURL('**/admin/books');
    await page.getByRole('table', { name: 'Daily position' }).waitFor();
    const bank = bankRow(page);
    expect(await bank.locator('th, td').allTextContents()).toEqual([
      'HDFC Bank ••••3344₹7,500 came in that no order explains yet',
      '₹1,00,000',
      '₹16,000',
      '₹0',
      '₹1,16,000',
      `₹1,16,000after the last line, ${new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${today}T00:00:00Z`))}`,
      '✓ Agrees with the statement',
    ]);
    const wallet = page
      .getByRole('table', { name: 'Daily position' })
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'USDT wallet (TRC20)' }) });
    expect(await wallet.textContent()).toContain('– Not checked: no node is configured for this network');
    await page.getByText('✓ INR: balances').waitFor();
    await page.getByText('✓ USDT: balances').waitFor();
    await checkScreen(page, 'position-agrees');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toBe(`books-${today.slice(0, 8)}01-to-${today}.csv`);
    const csv = (await readFile((await download.path())!, 'utf8')).trim().split('\n');
    expect(csv[0]).toBe('day,brand,posting,account,accountName,currency,debit,credit,orderRef,orderId,bankAccountId,lineKey,txHash,eventId,recordedAt');
    expect(csv.some((row) => row.includes('payment_matched') && row.includes('Not explained by any order: HDFC Bank ••••3344'))).toBe(true);
    expect(csp).toEqual([]);
    await page.close();
  }, 90_000);

  it('shows a line the desk never received as a difference, and a past day as the books stood', async ({ open, admin, books: { upload, bankPosition } }) => {
    // The bank's balance after the next line counts ₹1,000 no line the desk holds shows.
    await upload({ narration: 'NEFT CR-UTIB0000123-ASHA TRADERS-N331260000991', ref: 'N331260000991', credit: '500.00', balance: '1,17,500.00' });
    await expect.poll(async () => (await bankPosition())?.status, { timeout: 30_000 }).toBe('differs');
    const page = await open(admin, '/admin/books');
    const difference = bankRow(page).getByText('✗ Differs: the books show ₹1,000 less than the statement');
    await difference.waitFor();
    await checkScreen(page, 'position-differs');
    // On a phone the position is a card per account, the difference under its name: nothing past the edge.
    await page.setViewportSize(PHONE_WIDTH);
    const card = page
      .getByRole('list', { name: 'Daily position' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: /HDFC Bank/ }) });
    await card.getByText('✗ Differs: the books show ₹1,000 less than the statement').waitFor();
    expect(await page.getByRole('table', { name: 'Daily position' }).isVisible()).toBe(false);
    await page.setViewportSize(DESKTOP);

    const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel('Day', { exact: true }).fill(yesterday);
    await page.waitForURL(`**/admin/books?day=${yesterday}`);
    await bankRow(page).getByText('– Not checked: no statement gives a balance for this account yet').waitFor();
    expect(await bankRow(page).locator('td').nth(3).textContent()).toBe('₹1,00,000');
    await page.close();
  }, 90_000);

  it('a compliance officer reads the same books in their area, on their access trail', async ({ open, books: { api, officer } }) => {
    const page = await open(officer, '/compliance');
    await page.getByRole('complementary', { name: 'Compliance navigation' }).getByRole('link', { name: 'Books' }).click();
    await page.waitForURL('**/compliance/books');
    await page.getByText('Each read is recorded on your access trail.', { exact: false }).waitFor();
    expect(await page.getByLabel('Brand', { exact: true }).inputValue()).toBe('default');
    await bankRow(page).getByText('✗ Differs: the books show ₹1,000 less than the statement').waitFor();
    await checkScreen(page, 'compliance');
    await expect
      .poll(async () => (await api('GET', '/api/compliance/access', officer)).events.map((e: any) => e.data.view), { timeout: 30_000 })
      .toContain('ledger_position');
    await page.close();
  }, 90_000);
});
