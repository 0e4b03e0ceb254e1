/**
 * The compliance desk over HTTP: replay and time travel, the order book as it stood, the searchable
 * log, the access trail, signed exports that verify offline, and a role that reads and never acts.
 */
import { describe, expect } from 'vitest';
import { verifyAuditExport } from '../../platform/src/eventstore/chain/verify-audit-export';
import { createCustomer, json, setOwnPassword } from '../support/test-app';
import { it as withApp } from '../support/app-fixtures';
import { createBrand } from '../support/brands';
import { createStaff } from '../support/desk-changes';
import { testEvent, testMetadata } from '../support/event-factory';

const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const FROM = (ip: string) => ({ 'x-forwarded-for': ip, 'user-agent': 'compliance-test' });
const pause = () => new Promise((resolve) => setTimeout(resolve, 30));

describe('compliance', () => {
  let officer: string;
  let officerId: string;
  let customer: string;
  let admin: string;
  let adminId: string;
  let order: { _id: string; refCode: string };
  let placedAt: Date;
  let paidAt: Date;

  const it = withApp.extend(
    'get',
    ({ t }) =>
      (path: string, token = officer) =>
        json(t.call('GET', path, { token, headers: FROM('198.51.100.20') })),
  );

  it.beforeAll(async ({ t }) => {
    admin = await t.adminToken();
    adminId = (await json(t.call('GET', '/api/auth/me', { token: admin }))).body._id;
    customer = await createCustomer(t, '+919170000001');
    // Made as the admin CLI makes staff: on the admin screens a staff account waits for a second admin.
    officerId = await createStaff(t, { phone: '+919170000009', password: 'compliance1', username: 'Asha (compliance)', roles: ['compliance'] });
    officer = await t.login('+919170000009', 'compliance1');

    order = (
      await json(
        t.call('POST', '/api/orders/fiat-to-crypto', {
          token: customer,
          body: { fiatAmount: 2000, network: 'TRC20', withdrawAddress: TRON, method: 'bank' },
          headers: FROM('203.0.113.5'),
        }),
      )
    ).body.order;
    await pause();
    placedAt = new Date();
    await pause();
    await t.call('POST', `/api/orders/${order._id}/upload`, { token: customer, body: { bankReference: 'UTRCOMPLY001' }, headers: FROM('203.0.113.5') });
    await pause();
    paidAt = new Date();
    await pause();
    await t.call('POST', `/api/admin/orders/${order._id}/verify`, { token: admin, body: {}, headers: FROM('198.51.100.7') });
    await t.call('POST', `/api/admin/orders/${order._id}/complete`, { token: admin, body: { cryptoReference: '0xABCDEF123' }, headers: FROM('198.51.100.7') });
    await t.project();
  });

  it('replays an order: every event with who, when and from where, the state after it and what changed', async ({ get }) => {
    const { status, body } = await get(`/api/compliance/orders/${order._id}/replay`);
    expect(status).toBe(200);
    expect(body.chain).toEqual({ intact: true, brokenAt: null, reason: null });
    expect(body.steps.map((s: { type: string }) => s.type)).toEqual(['OrderPlaced', 'ProofSubmitted', 'OrderVerified', 'OrderCompleted']);
    const [placed, proof, verified, completed] = body.steps;
    expect(placed).toMatchObject({ actor: { role: 'customer', phone: '+919170000001' }, ip: '203.0.113.5', userAgent: 'compliance-test', previousHash: null });
    expect(placed.state.status).toBe('pending');
    expect(placed.changes).toContainEqual({ path: 'status', from: null, to: 'pending' });
    expect(proof.changes).toContainEqual({ path: 'bankReference', from: null, to: 'UTRCOMPLY001' });
    expect(proof.previousHash).toBe(placed.hash);
    expect(verified).toMatchObject({ actor: { id: adminId, role: 'admin' }, ip: '198.51.100.7', state: { status: 'fiat_received' } });
    expect(verified.changes).toContainEqual({ path: 'status', from: 'pending', to: 'fiat_received' });
    expect(completed.state).toMatchObject({ status: 'completed', cryptoReference: '0xABCDEF123' });
    for (const step of body.steps) expect(step.correlationId).toBeTruthy();
  });

  it('shows the order as it stood at an instant, and not before it existed', async ({ get }) => {
    expect((await get(`/api/compliance/orders/${order._id}?asOf=${placedAt.toISOString()}`)).body).toMatchObject({
      order: { status: 'pending', bankReference: null },
      eventCount: 1,
    });
    expect((await get(`/api/compliance/orders/${order._id}?asOf=${paidAt.toISOString()}`)).body).toMatchObject({
      order: { status: 'pending', bankReference: 'UTRCOMPLY001' },
      eventCount: 2,
    });
    expect((await get(`/api/compliance/orders/${order._id}`)).body.order.status).toBe('completed');
    expect((await get(`/api/compliance/orders/${order._id}?asOf=2020-01-01T00:00:00Z`)).status).toBe(404);
    expect((await get(`/api/compliance/orders/${order._id}?asOf=yesterday`)).body.error).toBe('validation_error');
  });

  it('lists the order book as it stood then, by status', async ({ get }) => {
    const then = (await get(`/api/compliance/orders?asOf=${placedAt.toISOString()}`)).body;
    expect(then.orders.map((o: { _id: string; status: string }) => [o._id, o.status])).toEqual([[order._id, 'pending']]);
    expect((await get(`/api/compliance/orders?asOf=${placedAt.toISOString()}&status=completed`)).body.total).toBe(0);
    expect((await get(`/api/compliance/orders?asOf=${new Date().toISOString()}&status=completed`)).body.total).toBe(1);
    expect((await get(`/api/compliance/orders?asOf=2020-01-01T00:00:00Z`)).body).toMatchObject({ orders: [], total: 0 });
  });

  it('finds an order by ref, phone, UTR and crypto reference', async ({ get }) => {
    for (const search of [order.refCode, order.refCode.slice(0, 6), '+919170000001', 'utrcomply001', '0xabcdef123']) {
      const found = (await get(`/api/compliance/orders?search=${encodeURIComponent(search)}`)).body;
      expect(
        found.orders.map((o: { _id: string }) => o._id),
        search,
      ).toEqual([order._id]);
    }
    expect((await get('/api/compliance/orders?search=NOTHING-LIKE-IT')).body.total).toBe(0);
  });

  it('searches the whole log, newest first, by actor, address, type and stream, in pages', async ({ get }) => {
    const byAdmin = (await get(`/api/compliance/events?actorId=${adminId}&stream=order-${order._id}`)).body;
    expect(byAdmin.events.map((e: { type: string }) => e.type)).toEqual(['OrderCompleted', 'OrderVerified']);
    expect(byAdmin.events[0]).toMatchObject({ actor: { id: adminId, role: 'admin' }, ip: '198.51.100.7', streamId: `order-${order._id}` });
    const byAddress = (await get('/api/compliance/events?ip=203.0.113.5')).body.events.map((e: { type: string }) => e.type);
    expect(byAddress).toEqual(expect.arrayContaining(['ProofSubmitted', 'OrderPlaced']));
    const first = (await get(`/api/compliance/events?stream=order-${order._id}&limit=3`)).body;
    expect(first.events).toHaveLength(3);
    const rest = (await get(`/api/compliance/events?stream=order-${order._id}&limit=3&before=${first.nextBefore}`)).body;
    expect(rest).toMatchObject({ events: [{ type: 'OrderPlaced' }], nextBefore: null });
    expect((await get('/api/compliance/events?type=UserRegistered')).body.events.length).toBeGreaterThan(0);
  });

  it('records what compliance opened, from where, and shows that trail', async ({ t, get }) => {
    await get(`/api/compliance/orders/${order._id}/replay`);
    await t.project();
    const trail = (await get(`/api/compliance/access?actorId=${officerId}`)).body.events;
    const replayed = trail.find((e: { data: { view: string } }) => e.data.view === 'order_replay');
    expect(replayed).toMatchObject({
      type: 'ComplianceAccessed',
      actor: { id: officerId, role: 'compliance' },
      ip: '198.51.100.20',
      data: { orderId: order._id },
    });
    const stream = await t.deps.eventStore.readStream(`access-${officerId}`);
    expect(stream.map((e) => (e.data as { view: string }).view)).toEqual(
      expect.arrayContaining(['order_replay', 'order_book', 'order_search', 'event_search', 'order']),
    );
  });

  it('makes a signed export that verifies with no database, and fails once edited', async ({ t, get }) => {
    const made = await json(t.call('POST', '/api/compliance/exports', { token: officer, body: { orderIds: [order._id] } }));
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ eventCount: 4, streamCount: 1 });
    const download = await t.app.request(made.body.url);
    expect(download.status).toBe(200);
    const lines = (await download.text()).trimEnd().split('\n');
    const key = (await get('/api/compliance/signing-key')).body;
    expect(await verifyAuditExport(lines, key.fingerprint)).toMatchObject({ ok: true, problems: [], eventCount: 4, streamCount: 1 });
    const edited = lines.map((line) => line.replace('UTRCOMPLY001', 'UTRCOMPLY002'));
    expect((await verifyAuditExport(edited, key.fingerprint)).ok).toBe(false);
    // The link alone opens it; a changed link does not.
    expect((await t.app.request(made.body.url.replace(/sig=[^&]+/, 'sig=guess'))).status).toBe(403);
    const trail = await t.deps.eventStore.readStream(`access-${officerId}`);
    expect(trail.map((e) => (e.data as { view: string }).view)).toEqual(expect.arrayContaining(['export_created', 'export_downloaded']));
  });

  it('exports a time window of the whole log', async ({ t }) => {
    const from = new Date(placedAt.getTime() - 60_000).toISOString();
    const made = await json(t.call('POST', '/api/compliance/exports', { token: officer, body: { from, to: new Date().toISOString() } }));
    expect(made.status).toBe(201);
    const lines = (await (await t.app.request(made.body.url)).text()).trimEnd().split('\n');
    expect(await verifyAuditExport(lines)).toMatchObject({ ok: true, eventCount: made.body.eventCount });
    expect(
      (await json(t.call('POST', '/api/compliance/exports', { token: officer, body: { from: '2020-01-02T00:00:00Z', to: '2020-01-01T00:00:00Z' } }))).status,
    ).toBe(400);
  });

  it('reads and never acts: every command is refused to compliance staff, and compliance is refused to everyone else', async ({ t, get }) => {
    const refused = [
      ['POST', '/api/orders/fiat-to-crypto', { fiatAmount: 1000, network: 'TRC20', withdrawAddress: TRON, method: 'bank' }],
      ['POST', `/api/orders/${order._id}/cancel`, {}],
      ['POST', '/api/user/wallet', { address: TRON, network: 'TRC20' }],
      ['POST', `/api/admin/orders/${order._id}/reject`, {}],
      ['GET', '/api/admin/orders', undefined],
      ['PUT', '/api/admin/settings', { rates: { usdtInr: 86 } }],
    ] as const;
    for (const [method, path, body] of refused) expect((await t.call(method, path, { token: officer, body })).status, `${method} ${path}`).toBe(403);
    expect((await get('/api/compliance/orders', admin)).status).toBe(403);
    expect((await get('/api/compliance/orders', customer)).status).toBe(403);
    expect((await t.call('GET', '/api/compliance/orders')).status).toBe(401);
  });

  it('keeps a brand officer to their brand', async ({ t, get }) => {
    const tenantId = await createBrand(t, 'audit.example');
    const body = { phone: '+919170000019', password: 'compliance2', roles: ['compliance'], tenantId };
    await createStaff(t, body);
    const brandOfficer = (
      await json(t.call('POST', '/api/auth/login', { body: { phone: body.phone, password: body.password }, headers: { host: 'audit.example' } }))
    ).body.token;
    expect((await get(`/api/compliance/orders/${order._id}/replay`, brandOfficer)).status).toBe(404);
    expect((await get('/api/compliance/orders?tenantId=default', brandOfficer)).status).toBe(403);
    expect((await get('/api/compliance/orders', brandOfficer)).body.total).toBe(0);
    expect((await get(`/api/compliance/events?stream=order-${order._id}`, brandOfficer)).body.events).toEqual([]);
    expect((await json(t.call('POST', '/api/compliance/exports', { token: brandOfficer, body: { orderIds: [order._id] } }))).status).toBe(404);
  });

  it("withholds from a brand officer's export who the operator's staff are, and other brands' events on a shared stream; it still verifies", async ({
    t,
    get,
  }) => {
    const host = 'audit-withheld.example';
    const tenantId = await createBrand(t, host);
    const other = await createBrand(t, 'audit-other.example');
    const on = { host, ...FROM('203.0.113.60') };
    await createStaff(t, { phone: '+919170000021', password: 'secret21', roles: ['compliance'], tenantId });
    expect((await t.call('POST', '/api/admin/users', { token: admin, body: { phone: '+919170000022', password: 'secret21', tenantId } })).status).toBe(201);
    const signIn = async (phone: string) => (await json(t.call('POST', '/api/auth/login', { body: { phone, password: 'secret21' }, headers: on }))).body.token;
    const brandOfficer = await signIn('+919170000021');
    // An account an admin made orders once its holder sets their own password (decision 0029, third addendum).
    const brandCustomer = await setOwnPassword(t, '+919170000022', 'secret21', host);
    const placing = await json(
      t.call('POST', '/api/orders/fiat-to-crypto', {
        token: brandCustomer,
        body: { fiatAmount: 2000, network: 'TRC20', withdrawAddress: TRON, method: 'bank' },
        headers: on,
      }),
    );
    expect(placing.status, JSON.stringify(placing.body)).toBe(201);
    const placed = placing.body.order;
    const rejecting = await json(
      t.call('POST', `/api/admin/orders/${placed._id}/reject`, {
        token: admin,
        body: {},
        headers: { 'x-forwarded-for': '198.51.100.77', 'user-agent': 'operator-laptop' },
      }),
    );
    expect(rejecting.status, JSON.stringify(rejecting.body)).toBe(200);

    const key = (await get('/api/compliance/signing-key')).body;
    const download = async (body: unknown) => {
      const made = await json(t.call('POST', '/api/compliance/exports', { token: brandOfficer, body }));
      expect(made.status).toBe(201);
      return (await (await t.app.request(made.body.url)).text()).trimEnd().split('\n');
    };
    const lines = await download({ orderIds: [placed._id] });
    expect(lines.join('\n')).not.toContain('operator-laptop');
    expect(lines.join('\n')).not.toContain('198.51.100.77');
    const events = lines.slice(1, -1).map((line) => JSON.parse(line));
    expect(events.map((e) => [e.type, e.withheld ?? []])).toEqual([
      ['OrderPlaced', []],
      ['OrderRejected', ['metadata']],
    ]);
    expect(events[0].metadata).toMatchObject({ ip: '203.0.113.60' });
    expect(events[1]).toMatchObject({
      metadata: null,
      data: expect.objectContaining({ reasonCode: 'other' }),
      contentSha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(await verifyAuditExport(lines, key.fingerprint)).toMatchObject({ ok: true, problems: [], eventCount: 2, withheldCount: 1 });
    // Nor does a search by address say where the operator's staff acted from.
    await t.project();
    expect((await get('/api/compliance/events?ip=198.51.100.77', brandOfficer)).body.events).toEqual([]);
    expect((await get('/api/compliance/events?ip=198.51.100.77')).body.events.map((e: { type: string }) => e.type)).toContain('OrderRejected');
    // The first digit of the withheld event's content hash, changed (to 1 if it was 0, else to 0).
    const forged = lines.map((line, i) =>
      i === 2 ? line.replace(/"contentSha256":"([0-9a-f])/, (_, digit) => `"contentSha256":"${digit === '0' ? '1' : '0'}`) : line,
    );
    expect(forged[2]).not.toBe(lines[2]);
    expect((await verifyAuditExport(forged, key.fingerprint)).ok).toBe(false);

    // An address's stream holds every brand's lock-outs: the other brand's is withheld whole.
    const from = new Date(Date.now() - 1_000).toISOString();
    const lockOut = (brand: string, phone: string) =>
      testEvent(
        'SignInIpLockedOut',
        { ip: '203.0.113.99', tenantId: brand, phone },
        { metadata: testMetadata({ tenantId: brand, actor: { id: 'sign-in-limiter', role: 'system' } }) },
      );
    await t.deps.eventStore.append(
      'ip-203.0.113.99',
      [lockOut(tenantId, '+919170000031'), lockOut(other, '+919170000032'), lockOut(tenantId, '+919170000033')],
      {
        expected: 'any',
      },
    );
    await t.project();
    const window = await download({ from, to: new Date().toISOString() });
    expect(
      window.some((line) => line.includes('ip-203.0.113.99')),
      'the window holds the address stream',
    ).toBe(true);
    const shared = window
      .slice(1, -1)
      .map((line) => JSON.parse(line))
      .filter((e) => e.streamId === 'ip-203.0.113.99');
    expect(shared.map((e) => [e.data?.phone ?? null, e.withheld ?? []])).toEqual([
      ['+919170000031', []],
      [null, ['data', 'metadata']],
      ['+919170000033', []],
    ]);
    expect(window.join('\n')).not.toContain('+919170000032');
    expect(await verifyAuditExport(window, key.fingerprint)).toMatchObject({ ok: true, withheldCount: expect.any(Number) });
  });

  it('shows a tampered history as a broken chain at the event that was changed', async ({ t, get }) => {
    await t.database.pool.query(`update es_events set data = jsonb_set(data, '{reference}', '"UTRFORGED"') where stream_id = $1 and stream_position = 1`, [
      `order-${order._id}`,
    ]);
    const { body } = await get(`/api/compliance/orders/${order._id}/replay`);
    expect(body.chain).toMatchObject({ intact: false, brokenAt: 1 });
    expect(body.steps[1].state.bankReference).toBe('UTRFORGED');
  });
});
