// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo } from '../../../test/fixtures';
import { adminOrder, renderAdmin } from '../layout/admin-test-kit';
import type { AdminOrder } from '../admin-api';

const pageOf = (items: AdminOrder[]) => ({ items, page: 1, pageSize: 50, total: items.length });
const pending = adminOrder({ refCode: 'ORD-P1' });
const completed = adminOrder({ refCode: 'ORD-C1', status: 'completed', statusLabel: 'Completed' });
const rejected = adminOrder({ refCode: 'ORD-R1', status: 'rejected', statusLabel: 'Rejected' });
const sent = adminOrder({ refCode: 'ORD-X1', status: 'crypto_sent', statusLabel: 'Processing', cryptoReference: '0xabc' });

const bulkButton = () => screen.getByRole('button', { name: /^Bulk Reject/ });

describe('orders management: selection, bulk reject and reject', () => {
  it('selects every row on the page from the header checkbox, and clears them again', async () => {
    renderAdmin('/admin/orders', { 'GET /api/admin/orders': pageOf([pending, completed, rejected]) });
    const all = (await screen.findByRole('checkbox', { name: 'Select all orders on this page' })) as HTMLInputElement;
    expect(bulkButton().textContent).toBe('Bulk Reject (0)');
    expect((bulkButton() as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select order ORD-C1' }));
    expect(all.checked).toBe(false);
    expect(all.indeterminate).toBe(true);
    await userEvent.click(all);
    const rows = ['ORD-P1', 'ORD-C1', 'ORD-R1'].map((ref) => screen.getByRole('checkbox', { name: `Select order ${ref}` }) as HTMLInputElement);
    expect(rows.map((r) => r.checked)).toEqual([true, true, true]);
    expect(all.checked).toBe(true);
    expect(bulkButton().textContent).toBe('Bulk Reject (3)');
    expect((bulkButton() as HTMLButtonElement).disabled).toBe(false);
    await userEvent.click(all);
    expect(rows.map((r) => r.checked)).toEqual([false, false, false]);
    expect((bulkButton() as HTMLButtonElement).disabled).toBe(true);
  });

  it('bulk rejects after confirmation and says which orders succeeded and which failed, and why', async () => {
    const { calls } = renderAdmin('/admin/orders', {
      'GET /api/admin/orders': pageOf([pending, completed]),
      'POST /api/admin/orders/bulk/reject': {
        results: [
          { id: pending._id, ok: true, status: 'rejected' },
          { id: completed._id, ok: false, error: 'A completed order cannot be rejected', code: 'invalid_transition', currentStatus: 'completed' },
        ],
        succeeded: 1,
        failed: 1,
        message: '1 order(s) rejected',
      },
    });
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select all orders on this page' }));
    await userEvent.click(bulkButton());
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Bulk Reject' })).getByRole('button', { name: 'Reject Orders' }));
    const results = await screen.findByRole('region', { name: 'Bulk Reject Results' });
    expect(within(results).getByRole('status').textContent).toBe('1 rejected, 1 failed');
    expect(
      within(results)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['ORD-P1: Rejected', 'ORD-C1: Failed: A completed order cannot be rejected (status: Completed)']);
    expect(callsTo(calls, 'POST', '/api/admin/orders/bulk/reject').map((c) => c.body)).toEqual([{ ids: [pending._id, completed._id], reasonCode: 'other' }]);
    // The selection is spent: nothing stays selected for a second run.
    await waitFor(() => expect(bulkButton().textContent).toBe('Bulk Reject (0)'));
  });

  it('asks the order machine: Reject is disabled for completed and in-flight orders, a dash for rejected ones', async () => {
    renderAdmin('/admin/orders', { 'GET /api/admin/orders': pageOf([pending, completed, rejected, sent]) });
    const reject = (ref: string) => screen.queryByRole('button', { name: `Reject order ${ref}` }) as HTMLButtonElement | null;
    await screen.findByText('ORD-P1');
    expect(reject('ORD-P1')?.disabled).toBe(false);
    expect(reject('ORD-C1')?.disabled).toBe(true);
    expect(reject('ORD-X1')?.disabled).toBe(true);
    expect(reject('ORD-R1')).toBeNull();
    expect(within(screen.getByText('ORD-R1').closest('tr')!).getByText('-')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'View order ORD-R1' })).toBeTruthy();
  });

  it('confirms a reject with the ref code and phone, and Cancel sends nothing', async () => {
    const { calls } = renderAdmin('/admin/orders', { 'GET /api/admin/orders': pageOf([pending]) });
    await userEvent.click(await screen.findByRole('button', { name: 'Reject order ORD-P1' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject Order' });
    expect(within(dialog).getByText('Are you sure you want to reject order ORD-P1?')).toBeTruthy();
    expect(
      within(dialog)
        .getAllByRole('definition')
        .map((d) => d.textContent),
    ).toEqual(['ORD-P1', '+919800000001']);
    expect(within(dialog).getByRole('button', { name: 'Reject Order' })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callsTo(calls, 'POST', `/api/admin/orders/${pending._id}/reject`)).toHaveLength(0);
  });

  it('rejects on confirmation and says so', async () => {
    const { calls } = renderAdmin('/admin/orders', {
      'GET /api/admin/orders': pageOf([pending]),
      [`POST /api/admin/orders/${pending._id}/reject`]: { order: { ...pending, status: 'rejected' }, message: 'Order rejected successfully' },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Reject order ORD-P1' }));
    const dialog = within(screen.getByRole('dialog'));
    // The reason's code, and a note the customer never sees.
    await userEvent.selectOptions(dialog.getByLabelText('Reason'), 'UTR not found');
    await userEvent.type(dialog.getByLabelText(/Note for the desk/), 'No credit in the statement');
    await userEvent.click(dialog.getByRole('button', { name: 'Reject Order' }));
    expect(await screen.findByText('Order rejected successfully')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callsTo(calls, 'POST', `/api/admin/orders/${pending._id}/reject`).map((c) => c.body)).toEqual([
      { reasonCode: 'utr_not_found', note: 'No credit in the statement' },
    ]);
  });

  it('says Failed to reject order when the server gives no reason', async () => {
    renderAdmin('/admin/orders', {
      'GET /api/admin/orders': pageOf([pending]),
      [`POST /api/admin/orders/${pending._id}/reject`]: () => ({ status: 500, body: {} }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Reject order ORD-P1' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Reject Order' }));
    expect((await within(screen.getByRole('dialog')).findByRole('alert')).textContent).toBe('Failed to reject order');
  });
});
