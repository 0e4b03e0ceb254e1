// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo } from '../../../test/fixtures';
import { ACCOUNT, line, orderWithoutMoney, renderReconciliation, unmatchedLine } from './reconciliation-test-kit';

const accountPath = `/admin/reconciliation/${ACCOUNT._id}`;
const linesPath = `/api/admin/bank-accounts/${ACCOUNT._id}/lines`;
const match = (patch: Partial<NonNullable<ReturnType<typeof line>['match']>> = {}) => ({
  orderId: '00000000-0000-4000-8000-000000000042',
  refCode: 'ORD-MATCHED1',
  via: 'reference' as const,
  flags: [] as string[],
  note: null,
  matchedBy: null,
  matchedAt: '2026-04-04T06:31:00.000Z',
  ...patch,
});
const candidate = (n: number) => ({
  orderId: `00000000-0000-4000-8000-00000000010${n}`,
  refCode: `ORD-CANDIDAT${n}`,
  fiatAmount: '100000',
  status: 'pending' as const,
  placedAt: '2026-04-01T05:00:00.000Z',
});

describe("an account's lines and what became of them", () => {
  it('links a matched line to its order with what to look at, and shows refunds and lines not matched yet', async () => {
    renderReconciliation(accountPath, {
      [`GET ${linesPath}`]: {
        lines: [
          line(3, { match: match({ via: 'assigned', flags: ['third_party_payer', 'amount_differs'] }) }),
          line(2, { refund: { note: 'Paid twice by the customer', markedBy: 'admin-1', markedAt: '2026-04-04T07:00:00.000Z' } }),
          line(1),
        ],
        total: 3,
        page: 1,
        limit: 50,
      },
    });
    const table = within(await screen.findByRole('table', { name: 'Statement lines' }));
    const [, matched, refunded, waiting] = table.getAllByRole('row');
    const outcome = (row: HTMLElement) => row.querySelector<HTMLElement>('td:last-child')!;
    expect(within(outcome(matched!)).getByRole('link', { name: 'ORD-MATCHED1' }).getAttribute('href')).toBe(
      '/admin/orders/00000000-0000-4000-8000-000000000042',
    );
    expect(
      within(outcome(matched!))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['… Assigned by an admin', "! Paid by someone else (name differs from the customer's bank account)", '! Amount differs from the order']);
    expect(outcome(refunded!).textContent).toBe('↩ Marked for refundPaid twice by the customer');
    expect(outcome(waiting!).textContent).toBe('– Not matched yet');
  });

  it('filters the lines by what became of them and by money in or out, through the server and the address', async () => {
    const { calls, router } = renderReconciliation(`${accountPath}?page=2`, {
      [`GET ${linesPath}`]: (_body: unknown, url: URL) => ({
        status: 200,
        body: { lines: url.searchParams.get('state') === 'unmatched' ? [] : [line(1)], total: 1, page: 1, limit: 50 },
      }),
    });
    await screen.findByRole('table', { name: 'Statement lines' });
    expect(new URL(callsTo(calls, 'GET', linesPath).at(-1)!.path, 'http://x').searchParams.get('state')).toBe('all');
    await userEvent.selectOptions(screen.getByLabelText('Show'), 'unmatched');
    expect(await screen.findByText('No lines of this kind.')).toBeTruthy();
    await userEvent.selectOptions(screen.getByLabelText('Money'), 'credit');
    const sent = new URL(callsTo(calls, 'GET', linesPath).at(-1)!.path, 'http://x').searchParams;
    expect(Object.fromEntries(sent)).toEqual({ page: '1', limit: '50', state: 'unmatched', direction: 'credit' });
    expect(router.state.location.search).toBe('?state=unmatched&direction=credit');
  });
});

describe('the unmatched queue', () => {
  const QUEUE = '/api/admin/reconciliation/unmatched';
  const withLine = (lines = [unmatchedLine(1, { candidates: [candidate(1), candidate(2)] })]) => ({ [`GET ${QUEUE}`]: { lines } });
  const ASSIGN = `${linesPath}/line-1/assign`;
  const REFUND = `${linesPath}/line-1/refund`;
  /** The queue with its line 1 (and its two candidates unless told), `path` answering the POST with `answer`. */
  const openAnswering = (path: string, answer: unknown, lines?: Parameters<typeof withLine>[0]) =>
    renderReconciliation('/admin/reconciliation/unmatched', { ...withLine(lines), [`POST ${path}`]: answer });

  it('lists each waiting line with its brand, account and the orders of its amount waiting for money', async () => {
    renderReconciliation('/admin/reconciliation/unmatched', withLine());
    const table = within(await screen.findByRole('table', { name: 'Unmatched lines' }));
    const row = table.getAllByRole('row')[1]!;
    const cells = [...row.querySelectorAll('td')].map((cell) => cell.textContent);
    expect(cells).toEqual([
      '1 Apr 2026HDFC Bank ••••5678',
      'Alpha Desk',
      '₹1,00,000Money in',
      'UPI 412345678901From Ravi Kumar',
      'UPI-RAVI KUMAR-RAVI@OKAXIS-412345678901',
      'ORD-CANDIDAT1 PendingORD-CANDIDAT2 Pending',
      'Assign to orderMark for refund',
    ]);
    expect(within(row).getByRole('link', { name: 'HDFC Bank ••••5678' }).getAttribute('href')).toBe(`/admin/reconciliation/${ACCOUNT._id}`);
    expect(within(row).getByRole('link', { name: 'ORD-CANDIDAT2' }).getAttribute('href')).toBe('/admin/orders/00000000-0000-4000-8000-000000000102');
    expect(
      within(screen.getByRole('navigation', { name: 'Reconciliation' }))
        .getByRole('link', { name: 'Unmatched money' })
        .getAttribute('aria-current'),
    ).toBe('page');
  });

  it('narrows the queue to a brand and to money in for an operator admin; a brand admin gets no brand choice', async () => {
    const { calls } = renderReconciliation('/admin/reconciliation/unmatched', withLine());
    await screen.findByRole('table', { name: 'Unmatched lines' });
    await userEvent.selectOptions(await screen.findByLabelText('Brand'), 't-2');
    await userEvent.selectOptions(screen.getByLabelText('Money'), 'credit');
    expect(callsTo(calls, 'GET', QUEUE).at(-1)!.path).toBe(`${QUEUE}?tenantId=t-2&direction=credit`);
  });

  it('assigns a line to the order chosen, after a confirm step, and says what the server did', async () => {
    const { calls } = openAnswering(ASSIGN, { message: 'Assigned to order ORD-CANDIDAT2', order: {} });
    await userEvent.click(await screen.findByRole('button', { name: 'Assign to order: ₹1,00,000 in on 1 Apr 2026' }));
    let dialog = within(screen.getByRole('dialog', { name: 'Assign to an order' }));
    expect((dialog.getByRole('radio', { name: /^ORD-CANDIDAT1: ₹1,00,000, Pending, placed/ }) as HTMLInputElement).checked).toBe(true);
    await userEvent.click(dialog.getByRole('radio', { name: /^ORD-CANDIDAT2/ }));
    await userEvent.type(dialog.getByLabelText('Note (optional)'), 'Customer called: paid from a joint account');
    await userEvent.click(dialog.getByRole('button', { name: 'Continue' }));
    dialog = within(screen.getByRole('dialog', { name: 'Confirm the assignment' }));
    expect(dialog.getByText(/is the money of order/).textContent).toBe(
      'Record that ₹1,00,000 in on 1 Apr 2026, HDFC Bank ••••5678, UPI 412345678901, from Ravi Kumar is the money of order ORD-CANDIDAT2?',
    );
    expect(callsTo(calls, 'POST', ASSIGN)).toHaveLength(0);
    await userEvent.click(dialog.getByRole('button', { name: 'Assign to ORD-CANDIDAT2' }));
    expect(await screen.findByText('Assigned to order ORD-CANDIDAT2')).toBeTruthy();
    expect(callsTo(calls, 'POST', ASSIGN).map((call) => call.body)).toEqual([{ refCode: 'ORD-CANDIDAT2', note: 'Customer called: paid from a joint account' }]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("assigns to an order typed by its reference, and keeps the server's refusal in the dialog", async () => {
    openAnswering(ASSIGN, () => ({ status: 404, body: { error: 'No order ORD-NOPE in this brand' } }), [unmatchedLine(1)]);
    await userEvent.click(await screen.findByRole('button', { name: /^Assign to order/ }));
    let dialog = within(screen.getByRole('dialog', { name: 'Assign to an order' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Continue' }));
    expect(dialog.getByText('Enter the reference of the order this money pays (ORD-…)')).toBeTruthy();
    await userEvent.type(dialog.getByLabelText('Order reference'), ' ord-nope ');
    await userEvent.click(dialog.getByRole('button', { name: 'Continue' }));
    dialog = within(screen.getByRole('dialog', { name: 'Confirm the assignment' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Assign to ORD-NOPE' }));
    expect((await dialog.findByRole('alert')).textContent).toBe('No order ORD-NOPE in this brand');
    await userEvent.click(dialog.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('dialog', { name: 'Assign to an order' })).toBeTruthy();
  });

  it('marks a line for refund with the reason, after a confirm step', async () => {
    const { calls } = openAnswering(REFUND, { message: 'Marked for refund', refund: {} });
    await userEvent.click(await screen.findByRole('button', { name: 'Mark for refund: ₹1,00,000 in on 1 Apr 2026' }));
    let dialog = within(screen.getByRole('dialog', { name: 'Mark for refund' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Continue' }));
    expect(dialog.getByLabelText('Why it goes back').getAttribute('aria-invalid')).toBe('true');
    await userEvent.type(dialog.getByLabelText('Why it goes back'), 'No order: the payer is not a customer');
    await userEvent.click(dialog.getByRole('button', { name: 'Continue' }));
    dialog = within(screen.getByRole('dialog', { name: 'Confirm the refund' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Mark for refund' }));
    expect(await screen.findByText('Marked for refund')).toBeTruthy();
    expect(callsTo(calls, 'POST', REFUND).map((call) => call.body)).toEqual([{ note: 'No order: the payer is not a customer' }]);
  });

  it('says when nothing waits', async () => {
    renderReconciliation('/admin/reconciliation/unmatched', withLine([]));
    expect(await screen.findByText(/Nothing waits/)).toBeTruthy();
  });
});

describe('orders without money', () => {
  it('lists the orders no statement line backs, each opening its order', async () => {
    renderReconciliation('/admin/reconciliation/orders-without-money', {
      'GET /api/admin/reconciliation/orders-without-money': {
        orders: [
          orderWithoutMoney(),
          orderWithoutMoney({ orderId: 'o-2', refCode: 'ORD-SELL0001', orderType: 'crypto_to_fiat', missing: 'debit', reference: null }),
        ],
      },
    });
    const table = within(await screen.findByRole('table', { name: 'Orders without money' }));
    const rows = table.getAllByRole('row').slice(1);
    expect(rows.map((row) => [...row.querySelectorAll('th, td')].slice(0, 7).map((cell) => cell.textContent))).toEqual([
      ['ORD-WITHOUT1', 'Alpha Desk', 'Buy USDT', 'Completed', '₹50,000', '612345678999', 'No credit from the customer on any statement'],
      ['ORD-SELL0001', 'Alpha Desk', 'Sell USDT', 'Completed', '₹50,000', '-', 'No payout to the customer on any statement'],
    ]);
    expect(table.getByRole('link', { name: 'ORD-WITHOUT1' }).getAttribute('href')).toBe('/admin/orders/00000000-0000-4000-8000-000000000777');
  });
});
