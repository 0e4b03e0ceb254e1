/**
 * The Reconciliation area in real Chromium against a fresh `npm start` (issue 28): an operator
 * admin opens a brand's bank account, uploads a CSV statement (the upload's progress seen, then what
 * was imported) and reads its lines; a file the saved layout cannot read is refused with the line it
 * names; a file no layout reads is read once its columns are set by hand. Then matching: with the
 * desk verifying exact matches, a buy whose UTR is on a statement is matched and verified, a
 * payment from someone else is flagged and left for a person, an admin assigns an unmatched credit
 * to its order and marks another for refund from the queue, and an order verified by hand with no
 * credit is listed under Orders without money. axe finds no serious violation, and the pages fit
 * 390 px and 1280 px with no sideways scroll.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { e2eTestWith } from './support/e2e-fixtures';
import { watchCspViolations } from './support/csp-violations';
import { confirmOnServer } from '../support/admin-cli';
import { seriousViolations } from './support/axe';
import { fitsBothWidths } from './support/both-widths';

const ADMIN = { phone: '+919000000281', password: 'e2e-reconciliation-admin' };
const HDFC = { bankName: 'HDFC Bank', accountName: 'E2E Desk Trading', accountNumber: '50100099887766', ifsc: 'HDFC0001234', isActive: true };
const AXIS = { bankName: 'Axis Bank', accountName: 'E2E Desk Trading', accountNumber: '917020012345678', ifsc: 'UTIB0000123', isActive: true };
const FIXTURES = path.join(import.meta.dirname, 'fixtures');
const WALLET = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

interface Order {
  _id: string;
  refCode: string;
}

const it = e2eTestWith({ ADMIN_PHONE: ADMIN.phone, ADMIN_PASSWORD: ADMIN.password })
  /**
   * The brand's HDFC and Axis accounts, once per file, before any test (every page lists them; where
   * customers pay changes only with a second admin, decision 0030: confirmed at the server), with the
   * steps over them.
   */
  .extend('accounts', { scope: 'file', auto: true }, async ({ server, api, admin, open }) => {
    const saved = await api('PUT', '/api/admin/tenants/default', admin, { bankAccounts: [HDFC, AXIS] });
    await confirmOnServer(server.serverEnv, saved.change._id);
    return {
      /** A new page, signed in as the admin, on a bank account's page (reached from the accounts' table, as an admin goes). */
      openAccount: async (bankName: string) => {
        const page = await open(admin, '/admin/reconciliation');
        await page.getByRole('table', { name: 'Bank accounts' }).getByRole('link', { name: bankName }).click();
        await page.getByRole('heading', { name: 'Upload a statement' }).waitFor();
        return page;
      },
      accountIdOf: async (bankName: string) =>
        ((await api('GET', '/api/admin/bank-accounts', admin)).bankAccounts as { _id: string; bankName: string }[]).find((a) => a.bankName === bankName)!._id,
    };
  })
  /**
   * The orders the matching tests read, once per file when they start (after the statements' tests):
   * the desk verifying exact matches (a loosening a second admin confirms, decision 0030: at the
   * server), four customers each with a wallet and a bank account, and their buys.
   */
  .extend('matching', { scope: 'file' }, async ({ server, api, admin }) => {
    const customer = async (phone: string, holder: string) => {
      const token = await server.signUp({ phone, password: 'customer-pass', username: holder });
      await api('POST', '/api/user/wallet', token, { network: 'TRC20', address: WALLET, label: 'Main', isDefault: true });
      await api('POST', '/api/user/bank-account', token, {
        bankName: 'HDFC Bank',
        accountHolder: holder,
        accountNumber: `5010${phone.slice(-8)}`,
        ifsc: 'HDFC0000123',
      });
      return token;
    };
    const buy = async (token: string, fiatAmount: number, utr?: string): Promise<Order> => {
      const { order } = await api('POST', '/api/orders/fiat-to-crypto', token, { fiatAmount, network: 'TRC20', withdrawAddress: WALLET, method: 'bank' });
      if (utr) await api('POST', `/api/orders/${order._id}/upload`, token, { bankReference: utr });
      return order;
    };
    // Verifying an exact match automatically loosens the desk's rules: a second admin confirms (decision 0030).
    const settings = await api('PUT', '/api/admin/settings', admin, { controls: { bankMatch: 'verify' } });
    await confirmOnServer(server.serverEnv, settings.change._id);
    const [meera, kiran, dev, esha] = await Promise.all([
      customer('+919811100031', 'Meera Sample'),
      customer('+919811100032', 'Kiran Sample'),
      customer('+919811100033', 'Dev Sample'),
      customer('+919811100034', 'Esha Sample'),
    ]);
    const [paid, thirdParty, unreferenced, verifiedByHand] = await Promise.all([
      buy(meera, 10_000, '612345678931'),
      buy(kiran, 5_000, '612345678932'),
      buy(dev, 2_000),
      buy(esha, 3_000, '612345678999'),
    ]);
    expect((await api('POST', `/api/admin/orders/${verifiedByHand._id}/verify`, admin)).message).toBe('Order verified');
    return {
      paid, // UTR on the statement, paid by its customer
      thirdParty, // UTR on the statement, paid by someone else
      unreferenced, // no UTR given: the queue's candidate for a ₹2,000 credit
      verifiedByHand, // verified with a UTR no statement holds
      adminOrder: (order: Order) => api('GET', `/api/admin/orders/${order._id}`, admin),
    };
  });

describe('reconciling bank statements, in a real browser', () => {
  /** No serious axe violation, and nothing scrolls sideways at 390 px or 1280 px. */
  const checkScreen = async (page: Page, name: string) => {
    expect(await seriousViolations(page), name).toEqual([]);
    await fitsBothWidths(page, 'reconciliation', name);
  };
  /** The texts the upload's progress line showed, in order. */
  const recordProgress = (page: Page) =>
    page.evaluate(`(() => {
      window.__progress = [];
      const seen = () => document.querySelectorAll('.upload-progress [role=status]').forEach((node) => {
        if (window.__progress.at(-1) !== node.textContent) window.__progress.push(node.textContent);
      });
      new MutationObserver(seen).observe(document.body, { subtree: true, childList: true, characterData: true });
    })()`);
  const upload = async (page: Page, fixture: string) => {
    await page.getByLabel('Statement file').setInputFiles(path.join(FIXTURES, fixture));
    await page.getByRole('button', { name: 'Upload statement' }).click();
  };

  // The desk and its accounts start here, under a set-up's time (a test's own time is for the test).
  it.beforeAll(async ({ accounts }) => void accounts, 120_000);

  it('an admin uploads a CSV statement, sees its progress and what was imported, then its lines', async ({ admin, open }) => {
    const page = await open(admin, '/admin/dashboard');
    const csp = await watchCspViolations(page);
    await page.getByRole('complementary', { name: 'Admin navigation' }).getByRole('link', { name: 'Reconciliation' }).click();
    await page.waitForURL('**/admin/reconciliation');
    const accounts = page.getByRole('table', { name: 'Bank accounts' });
    const hdfcRow = accounts.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'HDFC Bank' }) });
    await hdfcRow.getByText('None yet').waitFor();
    expect(await hdfcRow.textContent()).toContain('••••7766');
    await checkScreen(page, 'bank-accounts');

    await accounts.getByRole('link', { name: 'HDFC Bank' }).click();
    await page.getByRole('heading', { name: 'HDFC Bank ••••7766' }).waitFor();
    // On this machine an upload is over before the page draws a frame: the connection is slowed to
    // 2 kB/s up through DevTools, as a branch's line might be, so each stage is drawn.
    const devtools = await page.context().newCDPSession(page);
    await devtools.send('Network.enable');
    await devtools.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 2_000 });
    await recordProgress(page);
    await upload(page, 'hdfc-statement-april.csv');
    const result = page.getByRole('region', { name: 'Statement imported' });
    await result.waitFor();
    const facts = Object.fromEntries(
      await result.locator('dl > div').evaluateAll((rows) => rows.map((row) => [row.querySelector('dt')!.textContent, row.querySelector('dd')!.textContent])),
    );
    expect(facts).toEqual({
      'New lines recorded': '3',
      'Lines already held': '0',
      Period: '1 Apr 2026 to 2 Apr 2026',
      Format: 'CSV',
      'Opening balance (stated)': '₹50,000 on 1 Apr 2026',
      'Closing balance (stated)': '₹1,25,001 on 2 Apr 2026',
    });
    const progress = (await page.evaluate('window.__progress')) as string[];
    expect(progress[0]).toMatch(/^Uploading the statement: \d+%$/);
    expect(progress.at(-1)).toBe('Reading and recording lines…');
    await devtools.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

    // The lines, latest day first, once the read model has them (the page refreshes after the import).
    const lines = page.getByRole('table', { name: 'Statement lines' });
    // The lines appear once the server's projector has read them in: seconds alone, but with the
    // whole suite on two cores its projector waited over 15 s once.
    await expect.poll(() => lines.getByRole('row').count(), { timeout: 30_000 }).toBe(4);
    const cells = (row: number) => lines.getByRole('row').nth(row).locator('td').allTextContents();
    expect(await cells(1)).toEqual([
      '2 Apr 2026',
      'IMPS-709312345678-TEST PAYEE FOUR-SBIN-XXXXXXXX4321- SELL USDT PAYOUT',
      'IMPS 709312345678To Test Payee Four',
      '',
      '₹49,999.5',
      '₹1,25,001',
      '– Not matched yet',
    ]);
    expect(await cells(3)).toEqual([
      '1 Apr 2026',
      'UPI-TEST PAYER ONE-PAYER1@OKAXIS-HDFC0001234-612345678901-BUY USDT',
      'UPI 612345678901From Test Payer One',
      '₹1,00,000',
      '',
      '₹1,50,000',
      '– Not matched yet',
    ]);
    const imports = page.getByRole('region', { name: 'Imports' });
    expect(await imports.getByRole('row').nth(1).textContent()).toContain('Youhdfc-statement-april.csvCSV1 Apr 2026 to 2 Apr 202630');
    await checkScreen(page, 'account-imported');

    await page.getByRole('link', { name: '← Reconciliation' }).click();
    await hdfcRow.getByText('3 lines').waitFor();
    expect(await hdfcRow.textContent()).toContain('1 Apr 2026 to 2 Apr 2026');
    expect(csp).toEqual([]);
    await page.close();
  }, 90_000);

  it('refuses a file the saved layout cannot read, naming its line, and records nothing', async ({ api, admin, accounts: { openAccount, accountIdOf } }) => {
    const page = await openAccount('HDFC Bank');
    await upload(page, 'hdfc-statement-bad-amount.csv');
    const refusal = page.getByRole('alert').filter({ hasText: 'The statement was not imported' });
    await refusal.waitFor();
    expect(await refusal.getByRole('listitem').first().textContent()).toMatch(/Line 5: .*"1\.234,50" is not an amount/);
    expect(await page.getByRole('region', { name: 'Statement imported' }).count()).toBe(0);
    const hdfc = await accountIdOf('HDFC Bank');
    expect((await api('GET', `/api/admin/bank-accounts/${hdfc}/statements`, admin)).statements).toHaveLength(1);
    await checkScreen(page, 'account-refused');
    await page.close();
  }, 60_000);

  it('reads a file no layout reads once its columns are set by hand, and keeps them for the account', async ({ accounts: { openAccount } }) => {
    const page = await openAccount('Axis Bank');
    await upload(page, 'own-layout-statement.csv');
    await page.getByRole('alert').filter({ hasText: 'None of the saved layouts reads this file' }).waitFor();
    const columns = page.getByRole('group', { name: 'Columns of the file' });
    await columns.getByLabel('Date column', { exact: true }).fill('Txn Posted On');
    await columns.getByLabel('Dates written as').selectOption('dd-MMM-yyyy');
    await columns.getByLabel('Narration column').fill('Description');
    await columns.getByLabel('Reference column (if any)').fill('Ref');
    await columns.getByLabel('Value date column (if any)').fill('');
    await columns.getByLabel('Amounts are written').selectOption('marker');
    await columns.getByLabel('Amount column', { exact: true }).fill('Amount');
    await columns.getByLabel('Dr/Cr column', { exact: true }).fill('Type');
    await columns.getByLabel('Words it uses for a deposit').fill('CR');
    await columns.getByLabel('Words it uses for a withdrawal').fill('DR');
    await columns.getByLabel('Balance column (if any)').fill('Running Balance');
    await checkScreen(page, 'account-own-columns');
    await page.getByRole('button', { name: 'Upload statement' }).click();
    const result = page.getByRole('region', { name: 'Statement imported' });
    await result.waitFor();
    expect(await result.textContent()).toContain('New lines recorded3');
    // It prints no account number: the desk could not check it is this account's, and says so.
    expect(await result.textContent()).toContain('This statement does not print its account number');
    const lines = page.getByRole('table', { name: 'Statement lines' });
    // The lines appear once the server's projector has read them in: seconds alone, but with the
    // whole suite on two cores its projector waited over 15 s once.
    await expect.poll(() => lines.getByRole('row').count(), { timeout: 30_000 }).toBe(4);
    expect(await lines.getByRole('row').nth(1).locator('td').allTextContents()).toEqual([
      '2 Apr 2026',
      'CHARGES SMS ALERT',
      '-',
      '',
      '₹17.7',
      '₹17,482.3',
      '– Not matched yet',
    ]);

    // The columns are kept for the account: the same file again, left to the desk, adds nothing.
    await page.reload();
    await upload(page, 'own-layout-statement.csv');
    await page.getByRole('heading', { name: 'Statement imported: every line was already recorded' }).waitFor();
    await page.close();
  }, 60_000);

  describe('matching the lines to orders', () => {
    // The customers' orders are made here, under a set-up's time.
    it.beforeAll(async ({ matching }) => void matching, 120_000);

    it("matches a buy whose UTR is on today's statement and verifies it; flags one paid by someone else", async ({
      server,
      api,
      admin,
      accounts,
      matching,
    }) => {
      const { openAccount, accountIdOf } = accounts;
      const { paid, thirdParty, adminOrder } = matching;
      const page = await openAccount('HDFC Bank');
      const today = (style: '2-digit' | 'numeric') =>
        new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: '2-digit', year: style, timeZone: 'Asia/Kolkata' }).format(new Date());
      const statement = (await readFile(path.join(FIXTURES, 'hdfc-statement-payments.template.csv'), 'utf8'))
        .replaceAll('{{DATE}}', today('numeric'))
        .replaceAll('{{DAY}}', today('2-digit'));
      await page.getByLabel('Statement file').setInputFiles({ name: 'hdfc-statement-today.csv', mimeType: 'text/csv', buffer: Buffer.from(statement) });
      await page.getByRole('button', { name: 'Upload statement' }).click();
      expect(await page.getByRole('region', { name: 'Statement imported' }).textContent()).toContain('New lines recorded4');

      // The statement's lines are matched by a job once the read models hold them.
      const hdfc = await accountIdOf('HDFC Bank');
      await expect.poll(async () => (await api('GET', `/api/admin/bank-accounts/${hdfc}/lines?state=matched`, admin)).total, { timeout: 30_000 }).toBe(2);
      expect(await adminOrder(paid)).toMatchObject({ status: 'fiat_received', bankMatch: { via: 'reference', flags: [], reference: '612345678931' } });
      // Not exact: a person looks before it is verified.
      expect(await adminOrder(thirdParty)).toMatchObject({ status: 'pending', bankMatch: { flags: ['third_party_payer'], payerName: 'Rahul Example' } });

      await page.goto(`${server.base}/admin/reconciliation/${hdfc}?state=matched`);
      const lines = page.getByRole('table', { name: 'Statement lines' });
      const lineOf = (utr: string) => lines.getByRole('row').filter({ hasText: utr });
      await lineOf('612345678931').getByRole('link', { name: paid.refCode }).waitFor();
      expect(await lineOf('612345678931').locator('td').last().textContent()).toBe(`${paid.refCode}✓ Matched by reference`);
      expect(await lineOf('612345678932').locator('td').last().textContent()).toBe(
        `${thirdParty.refCode}… Matched by reference! Paid by someone else (name differs from the customer's bank account)`,
      );
      await checkScreen(page, 'account-matched');

      // Each order's page carries the payment badge: matched, and verified; or what to look at.
      const checks = page.getByRole('list', { name: 'Payment checks' });
      await lineOf('612345678931').getByRole('link', { name: paid.refCode }).click();
      await page.waitForURL(`**/admin/orders/${paid._id}`);
      await page.getByText('Payment Received').first().waitFor();
      expect(await checks.getByRole('listitem').allTextContents()).toEqual(['✓ Matched to bank statement']);
      await page.goto(`${server.base}/admin/orders/${thirdParty._id}`);
      await checks.waitFor();
      expect(await checks.getByRole('listitem').allTextContents()).toEqual(['… Matched to bank statement', '! Bank: paid by someone else']);
      expect(await page.getByText("Paid by someone else (name differs from the customer's bank account).").count()).toBe(1);
      // The badge's own part of the page (the order page is the lead's; its back link is reported apart).
      expect(await seriousViolations(page, { within: "document.querySelector('.payment-badges')" })).toEqual([]);
      await page.close();
    }, 90_000);

    it('an admin assigns an unmatched credit to its order and marks another for refund, each after a confirm step', async ({
      admin,
      open,
      matching: { unreferenced, adminOrder },
    }) => {
      const page = await open(admin, '/admin/reconciliation/unmatched?direction=credit');
      const queue = page.getByRole('table', { name: 'Unmatched lines' });
      const lineOf = (utr: string) => queue.getByRole('row').filter({ hasText: utr });
      await lineOf('612345678933').waitFor();
      // The only order of ₹2,000 waiting for money is offered.
      expect(await lineOf('612345678933').getByRole('link').allTextContents()).toEqual(['HDFC Bank ••••7766', unreferenced.refCode]);
      expect(await queue.getByRole('row').filter({ hasText: '612345678931' }).count()).toBe(0);
      await checkScreen(page, 'unmatched-queue');

      await lineOf('612345678933')
        .getByRole('button', { name: /^Assign to order/ })
        .click();
      const choose = page.getByRole('dialog', { name: 'Assign to an order' });
      expect(await choose.getByRole('radio', { name: new RegExp(`^${unreferenced.refCode}`) }).isChecked()).toBe(true);
      await choose.getByLabel('Note (optional)').fill('Customer sent the UTR by phone');
      await choose.getByRole('button', { name: 'Continue' }).click();
      const confirm = page.getByRole('dialog', { name: 'Confirm the assignment' });
      expect(await seriousViolations(page)).toEqual([]);
      await confirm.getByRole('button', { name: `Assign to ${unreferenced.refCode}` }).click();
      await page.getByText(`Assigned to order ${unreferenced.refCode}`).waitFor();
      await expect.poll(async () => (await adminOrder(unreferenced)).bankMatch?.via, { timeout: 15_000 }).toBe('assigned');

      await lineOf('612345678934')
        .getByRole('button', { name: /^Mark for refund/ })
        .click();
      const why = page.getByRole('dialog', { name: 'Mark for refund' });
      await why.getByLabel('Why it goes back').fill('No order of ₹750: the payer is not a customer');
      await why.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('dialog', { name: 'Confirm the refund' }).getByRole('button', { name: 'Mark for refund' }).click();
      await page.getByText('Marked for refund', { exact: true }).waitFor();
      await expect.poll(() => lineOf('612345678934').count(), { timeout: 15_000 }).toBe(0);
      await expect.poll(() => lineOf('612345678933').count(), { timeout: 15_000 }).toBe(0);
      await page.close();
    }, 90_000);

    it('lists an order verified by hand that no statement backs under Orders without money', async ({ admin, open, matching: { paid, verifiedByHand } }) => {
      const page = await open(admin, '/admin/reconciliation/orders-without-money');
      const orders = page.getByRole('table', { name: 'Orders without money' });
      const row = orders.getByRole('row').filter({ hasText: verifiedByHand.refCode });
      await row.waitFor();
      expect(await row.textContent()).toContain('No credit from the customer on any statement');
      expect(await orders.getByRole('row').filter({ hasText: paid.refCode }).count()).toBe(0);
      await checkScreen(page, 'orders-without-money');
      await row.getByRole('link', { name: verifiedByHand.refCode }).click();
      await page.waitForURL(`**/admin/orders/${verifiedByHand._id}`);
      await page.close();
    }, 60_000);
  });
});
