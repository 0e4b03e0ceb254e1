import { describe, expect } from 'vitest';
import { createCustomer, json, type TestApp, setOwnPassword } from '../../../tests/support/test-app';
import { it as withApp } from '../../../tests/support/app-fixtures';
import { createBrandAdmin } from '../../../tests/support/brands';
import { readSse } from '../../../tests/support/sse-reader';
import { MemoryStore } from '../kv/memory-store';
import { StreamTickets, TICKET_TTL_SECONDS } from './stream-tickets';

const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const BUY = { fiatAmount: 10000, network: 'TRC20', withdrawAddress: TRON, method: 'bank' };

/** The stream's calls for the file's tests; the streams they open are closed when the file ends, before the app. */
function liveCalls(t: TestApp, onCleanup: (close: () => Promise<void>) => void) {
  const streams: ReturnType<typeof readSse>[] = [];
  onCleanup(async () => {
    for (const s of streams) await s.close();
  });
  const ticket = async (token: string) => {
    const answer = await json(t.call('POST', '/api/stream/ticket', { token }));
    expect(answer.status).toBe(200);
    return answer.body as { ticket: string; expiresInSeconds: number };
  };
  const open = async (token: string, options: { lastEventId?: string; header?: string } = {}) => {
    const { ticket: value } = await ticket(token);
    const query = new URLSearchParams({ ticket: value, ...(options.lastEventId ? { lastEventId: options.lastEventId } : {}) });
    const response = await t.call('GET', `/api/stream?${query}`, { headers: options.header ? { 'last-event-id': options.header } : {} });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const stream = readSse(response);
    streams.push(stream);
    await stream.next('ready');
    return stream;
  };
  const place = async (token: string) => {
    const placed = await json(t.call('POST', '/api/orders/fiat-to-crypto', { token, body: BUY }));
    expect(placed.status).toBe(201);
    return placed.body.order as { _id: string; refCode: string };
  };
  return { ticket, open, place };
}

// Two customers and the stream's calls, one per file as before.
const it = withApp
  .extend('ravi', { scope: 'file' }, ({ t }) => createCustomer(t, '+919600000001'))
  .extend('sita', { scope: 'file' }, ({ t }) => createCustomer(t, '+919600000002'))
  .extend('live', { scope: 'file' }, ({ t }, { onCleanup }) => liveCalls(t, onCleanup));

describe('live updates: tickets and the stream', () => {
  it('a ticket needs a signed-in user and lasts about 30 seconds', async ({ t, ravi, live: { ticket } }) => {
    expect((await json(t.call('POST', '/api/stream/ticket'))).status).toBe(401);
    const issued = await ticket(ravi);
    expect(issued.ticket).toMatch(/^[\w-]{40,}$/);
    expect(issued.expiresInSeconds).toBe(30);
  });

  it('a stream opens once per ticket; an unknown or used ticket is 401 with the usual body', async ({ t, ravi, live: { ticket } }) => {
    const { ticket: value } = await ticket(ravi);
    const first = await t.call('GET', `/api/stream?ticket=${value}`);
    expect(first.status).toBe(200);
    await readSse(first).close();
    const again = await json(t.call('GET', `/api/stream?ticket=${value}`));
    expect(again).toMatchObject({ status: 401, body: { error: 'Unauthorized. Please login again.' } });
    expect((await json(t.call('GET', '/api/stream?ticket=made-up-ticket-made-up-ticket'))).status).toBe(401);
    expect((await json(t.call('GET', '/api/stream'))).status).toBe(400);
  });

  it('a ticket expires: the store forgets it and its issue time is checked', async () => {
    let now = Date.now();
    const tickets = new StreamTickets(new MemoryStore(() => now), () => now);
    const late = await tickets.issue('user', 'tenant', 'session');
    now += TICKET_TTL_SECONDS * 1000 + 1;
    expect(await tickets.redeem(late.ticket)).toBeNull();
    const fresh = await tickets.issue('user', 'tenant', 'session');
    expect(await tickets.redeem(fresh.ticket)).toMatchObject({ userId: 'user', tenantId: 'tenant', sessionId: 'session' });
    expect(await tickets.redeem(fresh.ticket)).toBeNull();
  });

  it("a customer gets their own orders' changes once projected, never another customer's", async ({ t, admin, ravi, sita, live: { open, place } }) => {
    const raviStream = await open(ravi);
    const sitaStream = await open(sita);
    const mine = await place(ravi);
    const theirs = await place(sita);
    expect(await raviStream.any('order', () => true, 300)).toBe(false); // not before the read model has it
    await t.project();
    const placed = await raviStream.next('order', (e) => e.data.orderId === mine._id);
    expect(placed.data).toMatchObject({ refCode: mine.refCode, status: 'pending', isNew: true });
    expect(placed.id).toMatch(/^\d+$/);
    // The read model already shows what the event announces.
    const listed = await json(t.call('GET', '/api/orders', { token: ravi }));
    expect(listed.body.orders.map((o: { _id: string }) => o._id)).toContain(mine._id);

    await t.call('POST', `/api/admin/orders/${mine._id}/verify`, { token: admin, body: {} });
    await t.project();
    const verified = await raviStream.next('order', (e) => e.data.orderId === mine._id);
    expect(verified.data.isNew).toBe(false);
    expect(verified.data.status).not.toBe('pending');
    await sitaStream.next('order', (e) => e.data.orderId === theirs._id);
    expect(raviStream.seen.some((e) => e.data?.orderId === theirs._id)).toBe(false);
    expect(sitaStream.seen.some((e) => e.data?.orderId === mine._id)).toBe(false);
    expect(raviStream.seen.some((e) => e.event === 'dashboard')).toBe(false);
  });

  it("an operator admin gets every brand's orders and dashboard events; a brand admin only their brand's", async ({
    t,
    admin,
    ravi,
    live: { open, place },
  }) => {
    const brand = await createBrandAdmin(t, 'live.example', '+919600000010');
    await t.call('POST', '/api/admin/users', { token: brand.token, body: { phone: '+919600000011', password: 'secret12' } });
    // An account an admin made orders once its holder sets their own password (decision 0029, third addendum).
    const brandCustomer = await setOwnPassword(t, '+919600000011', 'secret12', 'live.example');
    const operatorStream = await open(admin);
    const brandStream = await open(brand.token);
    const operatorsOrder = await place(ravi);
    const brandsOrder = await place(brandCustomer);
    await t.project();
    await operatorStream.next('order', (e) => e.data.orderId === operatorsOrder._id);
    await operatorStream.next('order', (e) => e.data.orderId === brandsOrder._id);
    await operatorStream.next('dashboard');
    const own = await brandStream.next('order', (e) => e.data.orderId === brandsOrder._id);
    expect(own.data.tenantId).toBe(brand.tenantId);
    await brandStream.next('dashboard');
    expect(brandStream.seen.some((e) => e.data?.orderId === operatorsOrder._id)).toBe(false);
    expect(brandStream.seen.filter((e) => e.event === 'order').every((e) => e.data.tenantId === brand.tenantId)).toBe(true);
  });

  it('resumes after Last-Event-ID (query or header) with exactly the missed changes; too old or unknown ids get a reset', async ({
    t,
    ravi,
    live: { open, place },
  }) => {
    const first = await open(ravi);
    const a = await place(ravi);
    await t.project();
    const seenA = await first.next('order', (e) => e.data.orderId === a._id);
    await first.close();
    const b = await place(ravi);
    const c = await place(ravi);
    await t.project();

    const resumed = await open(ravi, { lastEventId: seenA.id });
    const replayed = resumed.seen.filter((e) => e.event === 'order').map((e) => e.data.orderId);
    expect(replayed).toEqual([b._id, c._id]);
    const ready = resumed.seen.find((e) => e.event === 'ready')!;
    expect(ready.data.resumed).toBe(true);

    const byHeader = await open(ravi, { header: seenA.id });
    expect(byHeader.seen.filter((e) => e.event === 'order').map((e) => e.data.orderId)).toEqual([b._id, c._id]);

    const future = await open(ravi, { lastEventId: '999999999' });
    expect(future.seen.map((e) => e.event)).toEqual(['reset', 'ready']);
    await t.database.db.deleteFrom('rm_order_changes' as never).execute();
    const pruned = await open(ravi, { lastEventId: seenA.id });
    expect(pruned.seen.map((e) => e.event)).toEqual(['reset', 'ready']);
  });

  it('refuses a stream after a password change, and closes the oldest past five streams per user', async ({ t, live: { ticket, open } }) => {
    const token = await createCustomer(t, '+919600000020', 'secret12');
    const { ticket: value } = await ticket(token);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await t.call('POST', '/api/auth/change-password', { token, body: { currentPassword: 'secret12', newPassword: 'secret34' } })).status).toBe(200);
    expect((await json(t.call('GET', `/api/stream?ticket=${value}`))).status).toBe(401);

    const fresh = await t.login('+919600000020', 'secret34');
    const opened = [];
    for (let i = 0; i < 6; i++) opened.push(await open(fresh));
    expect(await opened[0]!.closedWithin(2_000)).toBe(true);
    expect(opened[5]!.ended).toBe(false);
  });
});
