// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, renderWithApp } from '../../test/render';
import { BooksScreen } from './books-screen';
import type { PositionAnswer } from './ledger-api';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const BANK = '5b9aa359-965c-45ce-be00-af27dd79e1fe';

const answer = (patch: Partial<PositionAnswer['position']> = {}): PositionAnswer => ({
  position: {
    tenantId: 'default',
    brandName: 'USDT Desk',
    day: '2026-11-20',
    today: false,
    accounts: [
      {
        account: `bank:${BANK}`,
        kind: 'bank',
        label: 'HDFC Bank ••••5678',
        currency: 'INR',
        opening: '100000',
        in: '16000',
        out: '8217',
        closing: '107783',
        source: { kind: 'balance', amount: '108783.00', asOf: '2026-11-20', from: 'statement_line' },
        difference: '-1000',
        status: 'differs',
        words: 'Differs: the books show ₹1,000 less than the statement',
        notExplained: { amount: '7500', words: '₹7,500 came in that no order explains yet' },
      },
      {
        account: 'wallet:TRC20',
        kind: 'wallet',
        label: 'USDT wallet (TRC20)',
        currency: 'USDT',
        opening: '0',
        in: '100',
        out: '99',
        closing: '1',
        source: { kind: 'none', reason: 'chain_past_day' },
        difference: null,
        status: 'not_checked',
        words: "Not checked: the chain is read at its latest block, so only today's position is compared with it",
      },
    ],
    balances: [
      { account: `bank:${BANK}`, name: 'HDFC Bank ••••5678', class: 'asset', currency: 'INR', balance: '107783' },
      { account: 'owed_to_customers', name: 'Owed to customers', class: 'liability', currency: 'USDT', balance: '0' },
      { account: 'spread', name: 'Spread', class: 'revenue', currency: 'INR', balance: '200' },
    ],
    books: [
      { currency: 'INR', debits: '150334', credits: '150334', balanced: true },
      { currency: 'USDT', debits: '399', credits: '399', balanced: true },
    ],
    ...patch,
  } as PositionAnswer['position'],
  brands: [
    { id: 't-1', name: 'Alpha Desk' },
    { id: 'default', name: 'USDT Desk' },
  ],
});

describe('the Books screen', () => {
  it("shows each account's day beside what the bank or the chain says, the difference in words and a symbol, and the balances", async () => {
    fakeApi({ 'GET /api/admin/ledger/position': answer() });
    renderWithApp(<BooksScreen area="admin" />, '/admin/books?day=2026-11-20');
    const table = within(await screen.findByRole('table', { name: 'Daily position' }));
    const bank = table.getByRole('rowheader', { name: /HDFC Bank ••••5678/ }).closest('tr')!;
    expect([...bank.querySelectorAll('th, td')].map((cell) => cell.textContent)).toEqual([
      'HDFC Bank ••••5678₹7,500 came in that no order explains yet',
      '₹1,00,000',
      '₹16,000',
      '₹8,217',
      '₹1,07,783',
      '₹1,08,783after the last line, 20 Nov 2026',
      '✗ Differs: the books show ₹1,000 less than the statement',
    ]);
    const wallet = table.getByRole('rowheader', { name: 'USDT wallet (TRC20)' }).closest('tr')!;
    expect(wallet.textContent).toContain('Not known');
    expect(wallet.textContent).toContain("– Not checked: the chain is read at its latest block, so only today's position is compared with it");
    expect(screen.getByRole('heading', { name: 'USDT Desk on 20 Nov 2026' })).toBeTruthy();
    const balances = within(screen.getByRole('table', { name: 'Balances' }));
    expect(balances.getByRole('rowheader', { name: 'Spread' }).closest('tr')!.textContent).toBe('Spread₹200Earned');
    expect(screen.getByText(/INR: balances/).textContent).toBe('✓ INR: balances');
    // A phone gets the same as cards, the difference first under each account's name (books.css shows one or the other).
    const card = within(screen.getByRole('list', { name: 'Daily position' }))
      .getByRole('heading', { name: 'HDFC Bank ••••5678' })
      .closest('li')!;
    expect(card.textContent).toContain('✗ Differs: the books show ₹1,000 less than the statement');
    expect(card.textContent).toContain('Closing (books)₹1,07,783');
  });

  it('lets a reader of every brand choose the brand and the day, kept in the address', async () => {
    const { calls } = fakeApi({ 'GET /api/admin/ledger/position': answer() });
    const { router } = renderWithApp(<BooksScreen area="admin" />, '/admin/books');
    const brand = await screen.findByLabelText('Brand');
    expect((brand as HTMLSelectElement).value).toBe('default');
    await userEvent.selectOptions(brand, 't-1');
    await waitFor(() => expect(calls.map((c) => c.path)).toContain('/api/admin/ledger/position?tenantId=t-1'));
    expect(router.state.location.search).toBe('?tenantId=t-1');
  });

  it("offers no brand to a brand's reader, reads compliance's own route, and says why the books could not be read", async () => {
    const { calls } = fakeApi({
      'GET /api/compliance/ledger/position': () => ({ status: 403, body: { error: 'Access denied. Compliance privileges required.', code: 'forbidden' } }),
    });
    renderWithApp(<BooksScreen area="compliance" />, '/compliance/books');
    expect((await screen.findByRole('alert')).textContent).toBe('Access denied. Compliance privileges required.');
    expect(calls[0]!.path).toBe('/api/compliance/ledger/position');
    expect(screen.queryByLabelText('Brand')).toBeNull();
    expect(screen.getByText(/Each read is recorded on your access trail/)).toBeTruthy();
  });

  it('downloads the entries of a range as CSV, and shows the server refusing a range', async () => {
    const saved: string[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:books', revokeObjectURL: () => undefined }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { calls } = fakeApi({
      'GET /api/admin/ledger/position': answer(),
      'GET /api/admin/ledger/entries.csv': (_body: unknown, url: URL) =>
        url.searchParams.get('from')! > url.searchParams.get('to')!
          ? { status: 400, body: { error: 'validation_error', details: [{ path: 'to', message: 'To must not be before from' }] } }
          : { status: 200, body: 'day,brand' },
    });
    renderWithApp(<BooksScreen area="admin" />, '/admin/books?day=2026-11-20');
    const download = await screen.findByRole('button', { name: 'Download CSV' });
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2026-11-01');
    await userEvent.click(download);
    await waitFor(() => expect(saved).toEqual(['books-2026-11-01-to-2026-11-20.csv']));
    expect(calls.some((c) => c.path === '/api/admin/ledger/entries.csv?from=2026-11-01&to=2026-11-20')).toBe(true);

    const from = screen.getByLabelText('From');
    await userEvent.clear(from);
    await userEvent.type(from, '2026-11-25');
    await userEvent.click(download);
    expect((await screen.findByRole('alert')).textContent).toBe('Validation failed: To must not be before from');
  });
});
