// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo } from '../../../test/fixtures';
import { ACCOUNT, line, renderReconciliation, statementImport } from './reconciliation-test-kit';

const accountPath = `/admin/reconciliation/${ACCOUNT._id}`;
const OTHER = {
  ...ACCOUNT,
  _id: '7c1aa359-965c-85ce-be00-af27dd79e1fe',
  brandName: 'Beta Desk',
  bankName: 'ICICI Bank',
  accountNumberEnd: '2345',
  isActive: false,
};

describe('Reconciliation: the bank accounts', () => {
  it("lists each brand's accounts with the last statement's period and the lines held, and opens one", async () => {
    renderReconciliation('/admin/reconciliation', {
      'GET /api/admin/bank-accounts': { bankAccounts: [ACCOUNT, OTHER] },
      [`GET /api/admin/bank-accounts/${ACCOUNT._id}/statements`]: {
        statements: [
          statementImport({ _id: 'st-2', from: '2026-04-03', to: '2026-04-07', lineCount: 9, newLineCount: 6 }),
          statementImport({ _id: 'st-1', newLineCount: 3 }),
        ],
      },
      [`GET /api/admin/bank-accounts/${OTHER._id}/statements`]: { statements: [] },
    });
    const table = within(await screen.findByRole('table', { name: 'Bank accounts' }));
    const hdfc = table.getByRole('rowheader', { name: 'HDFC Bank' }).closest('tr')!;
    await within(hdfc).findByText('9 lines');
    expect([...hdfc.querySelectorAll('th, td')].map((cell) => cell.textContent)).toEqual([
      'Alpha Desk',
      'HDFC Bank',
      'Alpha Desk Trading',
      '••••5678',
      'HDFC0001234',
      '3 Apr 2026 to 7 Apr 2026',
      '9 lines',
    ]);
    const icici = table.getByRole('rowheader', { name: /ICICI Bank/ }).closest('tr')!;
    await within(icici).findByText('None yet');
    expect(icici.textContent).toContain('Inactive');
    expect(
      within(screen.getByRole('complementary', { name: 'Admin navigation' }))
        .getByRole('link', { name: 'Reconciliation' })
        .getAttribute('aria-current'),
    ).toBe('page');

    await userEvent.click(table.getByRole('link', { name: 'HDFC Bank' }));
    expect(await screen.findByRole('heading', { name: 'HDFC Bank ••••5678' })).toBeTruthy();
    expect(
      within(screen.getByRole('navigation', { name: 'Breadcrumb' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Admin', 'Reconciliation', 'Bank Account']);
  });

  it("leaves the Brand column out for a brand's admin", async () => {
    renderReconciliation('/admin/reconciliation', {}, 'brand');
    const table = within(await screen.findByRole('table', { name: 'Bank accounts' }));
    expect(table.queryByRole('columnheader', { name: 'Brand' })).toBeNull();
    expect(table.getByRole('columnheader', { name: 'Bank' })).toBeTruthy();
  });

  it('says when there are no accounts, and when they cannot load', async () => {
    renderReconciliation('/admin/reconciliation', { 'GET /api/admin/bank-accounts': { bankAccounts: [] } });
    expect(await screen.findByText(/No bank accounts/)).toBeTruthy();
    cleanup();
    renderReconciliation('/admin/reconciliation', { 'GET /api/admin/bank-accounts': () => ({ status: 500, body: {} }) });
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load the bank accounts');
  });
});

describe("Reconciliation: an account's imports and lines", () => {
  it('shows who imported what, when, and the lines with money in and out in their own columns, each with who paid', async () => {
    renderReconciliation(accountPath, {
      [`GET /api/admin/bank-accounts/${ACCOUNT._id}/statements`]: {
        statements: [statementImport({ _id: 'st-2', importedBy: null, lineCount: 3, newLineCount: 0 }), statementImport()],
      },
      [`GET /api/admin/bank-accounts/${ACCOUNT._id}/lines`]: {
        lines: [
          line(2, {
            direction: 'debit',
            amount: '49999.50',
            bookedOn: '2026-04-03',
            valueOn: '2026-04-04',
            balanceAfter: '225001.00',
            reading: { channel: 'IMPS', reference: null, payerName: null, reversal: true },
          }),
          line(1),
        ],
        total: 2,
        page: 1,
        limit: 50,
      },
    });
    const imports = within((await screen.findByRole('heading', { name: 'Imports' })).closest('section')!);
    const rows = await imports.findAllByRole('row');
    expect(rows.map((row) => [...row.querySelectorAll('td')].slice(1).map((cell) => cell.textContent))).toEqual([
      [],
      ['The operator', 'april.csv', 'CSV', '1 Apr 2026 to 3 Apr 2026', '0', '3'],
      ['You', 'april.csv', 'CSV', '1 Apr 2026 to 3 Apr 2026', '3', '0'],
    ]);

    const lines = within(await screen.findByRole('table', { name: 'Statement lines' }));
    const [, debit, credit] = lines.getAllByRole('row');
    expect([...debit!.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual([
      '3 Apr 2026Value 4 Apr 2026',
      'UPI-RAVI KUMAR-RAVI@OKAXIS-412345678902Reversal',
      '0000412345678902',
      '',
      '₹49,999.5',
      '₹2,25,001',
      '– Not matched yet',
    ]);
    expect([...credit!.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual([
      '1 Apr 2026',
      'UPI-RAVI KUMAR-RAVI@OKAXIS-412345678901',
      'UPI 412345678901From Ravi Kumar',
      '₹1,00,000',
      '',
      '₹2,50,000',
      '– Not matched yet',
    ]);
    expect(screen.getByRole('heading', { name: 'Lines (2 lines)' })).toBeTruthy();
  });

  it('pages the lines through the server, the page and its size in the address', async () => {
    const { calls } = renderReconciliation(accountPath, {
      [`GET /api/admin/bank-accounts/${ACCOUNT._id}/lines`]: (_body: unknown, url: URL) => ({
        status: 200,
        body: { lines: [line(Number(url.searchParams.get('page')))], total: 120, page: Number(url.searchParams.get('page')), limit: 50 },
      }),
    });
    const pager = within(await screen.findByRole('navigation', { name: 'lines pages' }));
    expect(pager.getByText('Page 1 of 3')).toBeTruthy();
    await userEvent.click(pager.getByRole('button', { name: 'Next' }));
    await screen.findByText('UPI 412345678902');
    expect(callsTo(calls, 'GET', `/api/admin/bank-accounts/${ACCOUNT._id}/lines`).at(-1)!.path).toContain('page=2&limit=50');
    await userEvent.selectOptions(pager.getByLabelText('Per page'), '100');
    await screen.findByText('UPI 412345678901');
    expect(callsTo(calls, 'GET', `/api/admin/bank-accounts/${ACCOUNT._id}/lines`).at(-1)!.path).toContain('page=1&limit=100');
  });

  it('asks for the lines again each second until the read model lists every line the imports recorded', async () => {
    let asked = 0;
    renderReconciliation(accountPath, {
      [`GET /api/admin/bank-accounts/${ACCOUNT._id}/statements`]: { statements: [statementImport({ newLineCount: 2 })] },
      [`GET /api/admin/bank-accounts/${ACCOUNT._id}/lines`]: () => {
        asked++;
        return { status: 200, body: asked < 3 ? { lines: [], total: 0, page: 1, limit: 50 } : { lines: [line(1), line(2)], total: 2, page: 1, limit: 50 } };
      },
    });
    await waitFor(() => expect(asked).toBeGreaterThanOrEqual(3), { timeout: 4_000 });
    expect(await screen.findByText('UPI 412345678902')).toBeTruthy();
    expect(asked).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    // Caught up: no more asking.
    expect(asked).toBe(3);
  });

  it("says so when the account is not one the admin runs (another brand's, or gone)", async () => {
    renderReconciliation('/admin/reconciliation/00000000-0000-4000-8000-000000000000');
    expect((await screen.findByRole('alert')).textContent).toContain('is not one of the brands');
  });
});
