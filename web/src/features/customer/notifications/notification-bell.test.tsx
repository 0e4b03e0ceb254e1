// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderCustomer } from '../customer-test-kit';

const TX = 'ab'.repeat(32);
const notice = (over: Record<string, unknown>) => ({
  id: '00000000-0000-4000-8000-00000000000' + String(over.n ?? 1),
  kind: 'buy_completed',
  orderId: '00000000-0000-4000-8000-0000000000a1',
  refCode: 'ORD-ONE',
  orderType: 'buy',
  inr: '10000',
  usdt: '110.5',
  network: 'TRC20',
  txHash: TX,
  utr: null,
  reason: null,
  createdAt: '2026-11-27T10:00:00.000Z',
  read: false,
  sms: 'sent',
  ...over,
});

const PAGE = {
  items: [
    notice({ n: 2 }),
    notice({ n: 1, kind: 'rejected', refCode: 'ORD-TWO', txHash: null, reason: 'We could not find a payment with the reference you gave.', read: true }),
  ],
  nextCursor: null,
  unread: 1,
};

describe('the bell', () => {
  it("lists the customer's notifications from the server, newest first, with what each says", async () => {
    renderCustomer('/dashboard', { 'GET /api/user/notifications': PAGE });
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 new' }));
    const panel = screen.getByRole('region', { name: 'Order updates' });
    const links = within(panel).getAllByRole('link').slice(0, 2);
    expect(links.map((l) => l.textContent)).toEqual([
      `New: Order ORD-ONE is complete: 110.50 USDT sent to your wallet. Transaction: ${TX}`,
      'Order ORD-TWO was rejected. We could not find a payment with the reference you gave.',
    ]);
    expect(links[0]!.getAttribute('href')).toBe('/dashboard/orders/00000000-0000-4000-8000-0000000000a1');
    expect(within(panel).getByRole('link', { name: 'Notification settings' }).getAttribute('href')).toBe('/dashboard/notifications');
  });

  it('marks one read when opened, and all read on the server', async () => {
    const { calls } = renderCustomer('/dashboard', {
      'GET /api/user/notifications': PAGE,
      'POST /api/user/notifications/read': { unread: 0, message: 'Marked as read' },
      'GET /api/orders/00000000-0000-4000-8000-0000000000a1': () => ({ status: 404, body: { error: 'Order not found', code: 'not_found' } }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 new' }));
    await userEvent.click(within(screen.getByRole('region', { name: 'Order updates' })).getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toEqual([{ method: 'POST', path: '/api/user/notifications/read', body: {} }]));

    await userEvent.click(within(screen.getByRole('region', { name: 'Order updates' })).getAllByRole('link')[0]!);
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST').at(-1)!.body).toEqual({ ids: ['00000000-0000-4000-8000-000000000002'] }));
  });

  it('says so when there is nothing yet, and offers no "mark all"', async () => {
    renderCustomer('/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 0 new' }));
    const panel = screen.getByRole('region', { name: 'Order updates' });
    expect(within(panel).getByText('No updates yet')).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Mark all as read' })).toBeNull();
  });

  it("refetches when the live stream says one of the customer's orders changed, and once more a moment later", async () => {
    const streams: FakeSource[] = [];
    vi.stubGlobal(
      'EventSource',
      class extends FakeSource {
        constructor(url: string) {
          super(url);
          streams.push(this);
        }
      },
    );
    let page = PAGE;
    const { calls } = renderCustomer('/dashboard', {
      'GET /api/user/notifications': () => ({ status: 200, body: page }),
      'POST /api/stream/ticket': { ticket: 'ticket-1' },
    });
    await screen.findByRole('button', { name: 'Notifications, 1 new' });
    await waitFor(() => expect(streams).toHaveLength(1));
    streams[0]!.emit('ready', { resumed: true });
    const asked = () => calls.filter((c) => c.path.startsWith('/api/user/notifications')).length;
    const before = asked();

    page = { ...PAGE, items: [notice({ n: 4, kind: 'expired', refCode: 'ORD-NEW' }), ...PAGE.items], unread: 2 };
    streams[0]!.emit('order', { orderId: 'x', refCode: 'ORD-NEW', status: 'expired', tenantId: 't', isNew: false, changedAt: '2026-11-27T10:01:00Z' }, '7');
    expect(await screen.findByRole('button', { name: 'Notifications, 2 new' })).toBeTruthy();
    expect(asked()).toBe(before + 1);
    await waitFor(() => expect(asked()).toBe(before + 2), { timeout: 3_000 });
    vi.unstubAllGlobals();
  });
});

/** The part of EventSource the live connection uses, driven by the test. */
class FakeSource {
  onerror: ((event: Event) => void) | null = null;
  private readonly listeners = new Map<string, ((event: MessageEvent) => void)[]>();
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {}
  emit(type: string, data: unknown, lastEventId = '') {
    for (const listener of this.listeners.get(type) ?? []) listener(new MessageEvent(type, { data: JSON.stringify(data), lastEventId }));
  }
}

describe('the Notifications page', () => {
  it('turns the optional SMS off, and lists every notification a page at a time', async () => {
    const { calls } = renderCustomer('/dashboard/notifications', {
      'GET /api/user/notification-preferences': {
        optionalSms: true,
        essential: ['buy_completed', 'sell_completed', 'rejected'],
        optional: ['payment_verified', 'expired'],
      },
      'PUT /api/user/notification-preferences': { optionalSms: false, essential: [], optional: [], message: 'Notification settings saved' },
      'GET /api/user/notifications': (_body: unknown, url: URL) => ({
        status: 200,
        body: url.searchParams.get('cursor')
          ? { items: [notice({ n: 3, kind: 'expired', refCode: 'ORD-OLD' })], nextCursor: null, unread: 0 }
          : { ...PAGE, nextCursor: 'next-page' },
      }),
    });
    expect(await screen.findByRole('heading', { name: 'Notifications', level: 1 })).toBeTruthy();
    const box = await screen.findByRole('checkbox', { name: 'Also text me when my payment is received and when an order expires' });
    await waitFor(() => expect((box as HTMLInputElement).checked).toBe(true));
    await userEvent.click(box);
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ optionalSms: false }));
    await waitFor(() => expect((box as HTMLInputElement).checked).toBe(false));

    const all = screen.getByRole('region', { name: 'All updates' });
    await userEvent.click(await within(all).findByRole('button', { name: 'Show older updates' }));
    expect(await within(all).findByText('Order ORD-OLD expired: no payment arrived in time.')).toBeTruthy();
  });
});
