// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { ADMIN_ME, adminOrder, renderAdmin } from '../layout/admin-test-kit';
import type { AdminOrder } from '../admin-api';
import { termsIn } from '../../../test/fixtures';

const buy = adminOrder({ refCode: 'ORD-D1', bankReference: 'USERUTR7', proofCount: 1 });
const path = `/api/admin/orders/${buy._id}`;

const actor = (role: string, phone: string | null) => ({ id: 'x', role, phone, username: null });
const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const HISTORY = {
  orderId: buy._id,
  events: [
    {
      position: 0,
      type: 'OrderPlaced',
      data: { orderType: 'fiat_to_crypto', fiatAmount: '10000', cryptoAmount: '112.42', rate: '88.5', method: 'bank', network: 'TRC20' },
      actor: actor('customer', '+919800000001'),
      acceptedAt: '2025-01-15T10:00:00.000Z',
      recordedAt: '2025-01-15T10:00:00.010Z',
      ip: '203.0.113.7',
      userAgent: ANDROID_CHROME,
      correlationId: 'c1',
      eventId: 'e1',
    },
    {
      position: 1,
      type: 'ProofSubmitted',
      data: { attachment: null, reference: 'USERUTR7', submittedAt: '2025-01-15T10:03:00.000Z', afterRateLock: false },
      actor: actor('customer', '+919800000001'),
      acceptedAt: '2025-01-15T10:03:00.000Z',
      recordedAt: '2025-01-15T10:03:00.010Z',
      ip: '203.0.113.7',
      userAgent: ANDROID_CHROME,
      correlationId: 'c2',
      eventId: 'e2',
    },
    {
      position: 2,
      type: 'OrderVerified',
      data: { verifiedAt: '2025-01-15T10:10:00.000Z' },
      actor: actor('admin', ADMIN_ME.phone),
      acceptedAt: '2025-01-15T10:10:00.000Z',
      recordedAt: '2025-01-15T10:10:00.010Z',
      ip: '198.51.100.4',
      userAgent: 'Firefox/128',
      correlationId: 'c3',
      eventId: 'e3',
    },
  ],
};

function openOrder(order: AdminOrder = buy, table: Record<string, unknown> = {}, as: 'operator' | 'brand' = 'operator') {
  return renderAdmin(
    `/admin/orders/${order._id}`,
    { [`GET /api/admin/orders/${order._id}`]: order, [`GET /api/admin/orders/${order._id}/history`]: HISTORY, ...table },
    { as },
  );
}

const region = (name: string) => screen.getByRole('region', { name });

describe('admin order detail', () => {
  it('shows the order: header, amounts, tiles, user, references and address', async () => {
    openOrder();
    expect(await screen.findByRole('heading', { level: 1, name: 'Order #ORD-D1' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '← Back to Orders' }).getAttribute('href')).toBe('/admin/orders');
    const summary = region('Order #ORD-D1');
    expect(within(summary).getByText('Pending', { selector: '.badge' })).toBeTruthy();
    expect(within(summary).getByText(/^Buy USDT · Created/)).toBeTruthy();
    expect(within(summary).getByText('User Pays', { selector: '.order-amount span' }).nextElementSibling?.textContent).toBe('₹10,000');
    expect(termsIn(summary, '.tile')).toEqual([
      ['Rate', '₹88.5 / USDT'],
      ['User Pays', '₹10,000'],
      ['User Receives', '112.42 USDT'],
      ['Method', 'Bank Transfer'],
    ]);
    expect(within(region('User Information')).getByText(buy.user._id)).toBeTruthy();
    expect(within(region('User Information')).getByText('TRC20')).toBeTruthy();
    expect(within(region('Transaction References')).getByText('USERUTR7')).toBeTruthy();
    expect(within(region('Transaction References')).getByRole('button', { name: 'Copy User Reference' })).toBeTruthy();
    expect(within(region("User's USDT Address")).getByText(buy.withdrawAddress!)).toBeTruthy();
    expect(within(region('Status')).getByText('Waiting for admin action')).toBeTruthy();
  });

  it('shows what the bank statement and the chain say of its money, flags in words', async () => {
    const paid = adminOrder({
      refCode: 'ORD-D2',
      bankMatch: {
        accountId: 'a-1',
        accountLabel: 'HDFC Bank ••••5678',
        lineKey: 'k'.repeat(64),
        bookedOn: '2026-11-20',
        direction: 'credit',
        amount: '10000.00',
        reference: '412345678901',
        payerName: 'Anil Sharma',
        via: 'reference',
        flags: ['third_party_payer'],
        note: null,
        matchedAt: '2026-11-20T10:00:00.000Z',
      },
    });
    openOrder(paid);
    const checks = await screen.findByRole('region', { name: 'Payment checks' });
    expect(within(checks).getByText(/Bank: paid by someone else/)).toBeTruthy();
    expect(within(checks).getByText(/HDFC Bank ••••5678/)).toBeTruthy();
    expect(within(checks).getByText(/from Anil Sharma/)).toBeTruthy();
  });

  it("names the order's brand for an operator admin, and not for a brand admin", async () => {
    const infoOf = () =>
      within(region('User Information'))
        .getAllByRole('term')
        .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
    openOrder();
    await screen.findByRole('heading', { level: 1, name: 'Order #ORD-D1' });
    expect(infoOf().slice(0, 2)).toEqual([
      ['Phone', '+919800000001'],
      ['Brand', 'Alpha Desk'],
    ]);
    cleanup();
    openOrder(buy, {}, 'brand');
    await screen.findByRole('heading', { level: 1, name: 'Order #ORD-D1' });
    expect(infoOf().map(([label]) => label)).toEqual(['Phone', 'User ID', 'Order ID', 'Network']);
  });

  it('lists the history: what happened, who (role and phone), when, from which IP and client', async () => {
    openOrder();
    await screen.findByText('Payment verified');
    const items = within(region('Order History')).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]!.textContent).toContain('Order placed');
    expect(items[0]!.textContent).toContain('Buy USDT · ₹10,000 / 112.42 USDT · at ₹88.5 per USDT · bank · TRC20');
    expect(items[0]!.textContent).toContain('Customer · +919800000001');
    expect(items[0]!.textContent).toContain('203.0.113.7');
    // The client in words; the user agent as reported behind it, not printed on the line (issue 29).
    const client = items[0]!.querySelector('details')!;
    expect(client.querySelector('summary')?.textContent).toBe('Chrome 131 on Android');
    expect(client.querySelector('summary')?.getAttribute('title')).toBe(ANDROID_CHROME);
    expect(client.open).toBe(false);
    expect(client.querySelector('code')?.textContent).toBe(ANDROID_CHROME);
    expect(items[1]!.querySelector('summary')?.textContent).toBe('Chrome 131 on Android');
    expect(items[2]!.querySelector('summary')?.textContent).toBe('Firefox 128');
    expect(items[1]!.textContent).toContain('Reference USERUTR7');
    expect(items[2]!.textContent).toContain('Payment verified');
    expect(items[2]!.textContent).toContain(`Admin · ${ADMIN_ME.phone}`);
    expect(items[2]!.textContent).toContain('198.51.100.4');
    expect(items[2]!.querySelector('time')?.getAttribute('dateTime')).toBe('2025-01-15T10:10:00.000Z');
  });

  it('says Order not found on a 404', async () => {
    renderAdmin(`/admin/orders/${buy._id}`, { [`GET ${path}`]: () => ({ status: 404, body: { error: 'Order not found' } }) });
    expect(await screen.findByRole('heading', { name: 'Order not found' })).toBeTruthy();
  });

  it('says Failed to load order details on other failures and goes back to the list', async () => {
    const { router } = renderAdmin(`/admin/orders/${buy._id}`, { [`GET ${path}`]: () => ({ status: 500, body: {} }) });
    expect(await screen.findByText('Failed to load order details')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/orders'));
  });

  it('puts a late payment and duplicate payment evidence in front of the desk, linking to the other order', async () => {
    const flagged = adminOrder({
      refCode: 'ORD-LATE1',
      status: 'expired',
      latePayment: true,
      bankReference: 'UTRDUP1',
      proofCount: 1,
      flags: [
        {
          kind: 'duplicate_reference',
          evidence: 'utr:UTRDUP1',
          relatedOrderId: 'other-id',
          relatedRefCode: 'ORD-OTHER1',
          flaggedAt: '2025-01-15T12:00:00.000Z',
        },
        { kind: 'duplicate_reference', evidence: 'crypto:0xabc1', relatedOrderId: null, relatedRefCode: null, flaggedAt: '2025-01-15T12:01:00.000Z' },
      ],
    });
    openOrder(flagged);
    const alerts = await screen.findByRole('alert', { name: 'Order alerts' });
    expect(alerts.textContent).toContain('Paid after the payment window.');
    expect(alerts.textContent).toContain('The same payment reference is on another order (UTR UTRDUP1)');
    expect(within(alerts).getByRole('link', { name: 'ORD-OTHER1' }).getAttribute('href')).toBe('/admin/orders/other-id');
    // Another brand's order with the same payout transaction is said, never named (review 9, N3).
    expect(alerts.textContent).toContain('The same payment reference is on another order (transaction 0xabc1), of another brand.');
    expect(within(alerts).getAllByRole('link')).toHaveLength(1);
    // An expired order paid late can still be re-quoted or rejected.
    expect(within(region('Admin Actions')).getByRole('button', { name: 'Reject Order' })).toBeTruthy();
  });

  it('offers no Mark Crypto Sent on an order paid late until a rate is named: it is completed with one, or its payout approved', async () => {
    openOrder(adminOrder({ refCode: 'ORD-LATE2', status: 'fiat_received', latePayment: true, proofCount: 1 }));
    const actions = await screen.findByRole('region', { name: 'Admin Actions' });
    expect(within(actions).getByRole('button', { name: 'Approve Order' })).toBeTruthy();
    expect(within(actions).queryByRole('button', { name: 'Mark Crypto Sent' })).toBeNull();
  });

  it("shows why an order was rejected, the desk's note, and what the customer reads", async () => {
    const rejected = adminOrder({
      status: 'rejected',
      reason: { code: 'utr_not_found', label: 'UTR not found', text: 'We could not find a payment with the reference you gave.', note: 'Not in the statement' },
    });
    openOrder(rejected);
    expect((await screen.findByText(/Reason: UTR not found/)).textContent).toBe(
      'Reason: UTR not found (Not in the statement). The customer reads: "We could not find a payment with the reference you gave."',
    );
  });
});
