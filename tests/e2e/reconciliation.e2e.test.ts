/**
 * The Reconciliation area in real Chromium against a fresh `npm start` (issue 28): an operator
 * admin opens a brand's bank account, uploads a CSV statement (the upload's progress seen, then what
 * was imported) and reads its lines; a file the saved layout cannot read is refused with the line it
 * names; a file no layout reads is read once its columns are set by hand. axe finds no serious
 * violation, and the pages fit 390 px and 1280 px with no sideways scroll.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, launchBrowser, screenshot } from './support/browser';
import { startAppServer, type AppServer } from './support/app-server';
import { apiOf, openSignedIn } from './support/signed-in';
import { watchCspViolations } from './support/csp-violations';
import { confirmOnServer } from '../support/admin-cli';

const ADMIN = { phone: '+919000000281', password: 'e2e-reconciliation-admin' };
const HDFC = { bankName: 'HDFC Bank', accountName: 'E2E Desk Trading', accountNumber: '50100099887766', ifsc: 'HDFC0001234', isActive: true };
const AXIS = { bankName: 'Axis Bank', accountName: 'E2E Desk Trading', accountNumber: '917020012345678', ifsc: 'UTIB0000123', isActive: true };
const FIXTURES = path.join(import.meta.dirname, 'fixtures');
const PHONE_WIDTH = { width: 390, height: 844 };
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

describe('reconciling bank statements, in a real browser', () => {
  let server: AppServer;
  let browser: Browser;
  let admin: string;
  const api = (...args: Parameters<ReturnType<typeof apiOf>>) => apiOf(server)(...args);

  /** axe-core in the page (through the DevTools protocol, which the page's CSP does not govern): serious and critical violations. */
  const seriousViolations = async (page: Page): Promise<string[]> => {
    await page.evaluate(AXE);
    return (await page.evaluate(
      `axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id + ': ' + v.nodes.map((n) => n.target.join(' ')).join(', ')))`,
    )) as string[];
  };
  /** No serious axe violation, and nothing scrolls sideways at 390 px or 1280 px. */
  const checkScreen = async (page: Page, name: string) => {
    expect(await seriousViolations(page), name).toEqual([]);
    for (const viewport of [PHONE_WIDTH, DESKTOP]) {
      await page.setViewportSize(viewport);
      // The desk's sidebar slides away below 992 px (a 0.2 s transition).
      await page.waitForTimeout(300);
      const overflow = (await page.evaluate('document.documentElement.scrollWidth - window.innerWidth')) as number;
      expect(overflow, `${name} at ${viewport.width} px`).toBeLessThanOrEqual(0);
      await screenshot(page, 'reconciliation', name);
    }
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
  const openAccount = async (page: Page, bankName: string) => {
    await page.goto(`${server.base}/admin/reconciliation`);
    await page.getByRole('table', { name: 'Bank accounts' }).getByRole('link', { name: bankName }).click();
    await page.getByRole('heading', { name: 'Upload a statement' }).waitFor();
  };
  const upload = async (page: Page, fixture: string) => {
    await page.getByLabel('Statement file').setInputFiles(path.join(FIXTURES, fixture));
    await page.getByRole('button', { name: 'Upload statement' }).click();
  };
  const accountIdOf = async (bankName: string) =>
    ((await api('GET', '/api/admin/bank-accounts', admin)).bankAccounts as { _id: string; bankName: string }[]).find((a) => a.bankName === bankName)!._id;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startAppServer({ ADMIN_PHONE: ADMIN.phone, ADMIN_PASSWORD: ADMIN.password }), launchBrowser()]);
    admin = await server.signIn(ADMIN);
    // Where customers pay changes only with a second admin (decision 0030): confirmed at the server.
    const saved = await api('PUT', '/api/admin/tenants/default', admin, { bankAccounts: [HDFC, AXIS] });
    await confirmOnServer(server.serverEnv, saved.change._id);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('an admin uploads a CSV statement, sees its progress and what was imported, then its lines', async () => {
    const page = await openSignedIn(browser, server, admin, '/admin/dashboard');
    const csp = await watchCspViolations(page);
    await page.getByRole('complementary', { name: 'Admin navigation' }).getByRole('link', { name: 'Reconciliation' }).click();
    await page.waitForURL('**/admin/reconciliation');
    const accounts = page.getByRole('table', { name: 'Bank accounts' });
    const hdfcRow = accounts.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'HDFC Bank' }) });
    await hdfcRow.getByText('None yet').waitFor();
    expect(await hdfcRow.textContent()).toContain('XXXX7766');
    await checkScreen(page, 'bank-accounts');

    await accounts.getByRole('link', { name: 'HDFC Bank' }).click();
    await page.getByRole('heading', { name: 'HDFC Bank XXXX7766' }).waitFor();
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
    await expect.poll(() => lines.getByRole('row').count(), { timeout: 15_000 }).toBe(4);
    const cells = (row: number) => lines.getByRole('row').nth(row).locator('td').allTextContents();
    expect(await cells(1)).toEqual([
      '2 Apr 2026',
      'IMPS-709312345678-TEST PAYEE FOUR-SBIN-XXXXXXXX4321- SELL USDT PAYOUT',
      'IMPS 709312345678',
      'Test Payee Four',
      '',
      '₹49,999.5',
      '₹1,25,001',
    ]);
    expect(await cells(3)).toEqual([
      '1 Apr 2026',
      'UPI-TEST PAYER ONE-PAYER1@OKAXIS-HDFC0001234-612345678901-BUY USDT',
      'UPI 612345678901',
      'Test Payer One',
      '₹1,00,000',
      '',
      '₹1,50,000',
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

  it('refuses a file the saved layout cannot read, naming its line, and records nothing', async () => {
    const page = await openSignedIn(browser, server, admin, '/admin/reconciliation');
    await openAccount(page, 'HDFC Bank');
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

  it('reads a file no layout reads once its columns are set by hand, and keeps them for the account', async () => {
    const page = await openSignedIn(browser, server, admin, '/admin/reconciliation');
    await openAccount(page, 'Axis Bank');
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
    const lines = page.getByRole('table', { name: 'Statement lines' });
    await expect.poll(() => lines.getByRole('row').count(), { timeout: 15_000 }).toBe(4);
    expect(await lines.getByRole('row').nth(1).locator('td').allTextContents()).toEqual([
      '2 Apr 2026',
      'CHARGES SMS ALERT',
      '-',
      '-',
      '',
      '₹17.7',
      '₹17,482.3',
    ]);

    // The columns are kept for the account: the same file again, left to the desk, adds nothing.
    await page.reload();
    await upload(page, 'own-layout-statement.csv');
    await page.getByRole('heading', { name: 'Statement imported: every line was already recorded' }).waitFor();
    await page.close();
  }, 60_000);
});
