/**
 * The security review of the desk's controls (issue 27, /work/review/report.md), its desk-change
 * findings reproduced over HTTP as the review's scripts did them, now refused:
 * - F1: through the fall-back chain a global rate change moved a brand's priced rate (cash buy 85 → 1)
 *   with no second admin;
 * - F2: the band was measured from the rate in force, so one admin walked a rate 85 → 1 in 2 % steps;
 * - F4: one person on two staff accounts (one phone) asked on one and confirmed on the other;
 * - F5: the admin a role removal was about declined it;
 * - F10: a brand's compliance officer read the operator's change requests through the event log;
 * - F11: one admin gave a new brand any host (the operator's public one included) at once.
 */
import { describe, expect } from 'vitest';
import { systemMetadata } from '../../platform/src/eventstore/event-metadata';
import { json } from '../support/test-app';
import { it as withApp } from '../support/app-fixtures';
import { createBrand } from '../support/brands';
import { confirmPending, createStaff } from '../support/desk-changes';

const OPERATOR_PHONE = '+919000000001';
const B = { phone: '+919620000002', password: 'second-admin-b' };
const C = { phone: '+919620000003', password: 'third-admin-c' };
const SUNRISE = 'sunrise.review.example';

describe('the review of the desk changes: each finding, refused', () => {
  let a: string;
  let b: string;
  let aId: string;
  let c: string;
  let sunriseId: string;

  const it = withApp
    .extend(
      'get',
      ({ t }) =>
        (token: string, url: string, host?: string) =>
          json(t.call('GET', url, { token, ...(host && { headers: { host } }) })),
    )
    .extend(
      'publicRates',
      ({ t }) =>
        async (host?: string) =>
          (await json(t.call('GET', '/api/config/public', host ? { headers: { host } } : {}))).body.rates,
    )
    .extend(
      'settings',
      ({ get }) =>
        async () =>
          (await get(a, '/api/admin/settings')).body,
    );

  it.beforeAll(async ({ t }) => {
    a = await t.adminToken();
    aId = (await json(t.call('GET', '/api/auth/me', { token: a }))).body._id;
    await createStaff(t, { ...B, roles: ['admin'], username: 'Admin B' });
    await createStaff(t, { ...C, roles: ['admin'], username: 'Admin C' });
    [b, c] = await Promise.all([t.login(B.phone, B.password), t.login(C.phone, C.password)]);
    sunriseId = await createBrand(t, SUNRISE, 'Sunrise');
  });

  it("F1: a global change that moves a brand's rate through the fall-back chain waits, naming the brand; the brand moving meanwhile lapses it", async ({
    t,
    put,
    post,
    publicRates,
    settings,
  }) => {
    // (1) Every global priced rate at 85, the fall-back it already had: nothing moves, at once.
    const all85 = { usdt_bank_buy: '85', usdt_bank_sell: '85', usdt_cash_buy: '85', usdt_cash_sell: '85' };
    expect((await put(a, '/api/admin/settings', { rates: all85 })).status).toBe(200);
    // Sunrise's own bank rates, agreed by a second admin (they move its rates past the band).
    const own = { usdt_bank_buy: '91.5', usdt_bank_sell: '88' };
    await confirmPending(t, (await put(a, `/api/admin/tenants/${sunriseId}/settings`, { rates: own })).body.change._id);
    // (2) A base rate of 1 for Sunrise, unused by any of its priced rates: nothing moves, at once.
    expect((await put(a, `/api/admin/tenants/${sunriseId}/settings`, { rates: { ...own, usdtInr: '1' } })).status).toBe(200);
    expect((await publicRates(SUNRISE)).usdt_cash_buy).toBe(85);

    // (3) The global cash buy unset: the Global Settings fall back to 85, Sunrise to its own 1.
    const asked = await put(a, '/api/admin/settings', { rates: { usdt_cash_buy: '0' } });
    expect(asked).toMatchObject({
      status: 202,
      body: {
        change: {
          kind: 'global_settings',
          reasons: [
            'For Sunrise, it moves the cash buy rate from 85 to 1, 98.83 % from its agreed rate 85 (in force when agreed rates began), further than the 2 % re-quote band',
          ],
        },
      },
    });
    expect((await publicRates(SUNRISE)).usdt_cash_buy).toBe(85);
    expect((await settings()).rates.usdt_cash_buy).toBe(85);

    // The request was judged against Sunrise as it was: Sunrise changed since, so it lapses.
    expect((await put(a, `/api/admin/tenants/${sunriseId}/settings`, { rates: { ...own, usdtInr: '1' }, fees: { fiatToCryptoPercent: '0.5' } })).status).toBe(
      200,
    );
    expect(await post(b, `/api/admin/changes/${asked.body.change._id}/confirm`)).toMatchObject({ status: 409, body: { code: 'change_stale' } });
    expect((await publicRates(SUNRISE)).usdt_cash_buy).toBe(85);
    // Sunrise's base rate back out of reach of the tests below.
    expect((await put(a, `/api/admin/tenants/${sunriseId}/settings`, { rates: own })).status).toBe(200);
  });

  it('F2: a rate walked in steps inside the band is stopped at the band of its agreed rate; a move back applies at once; confirming moves the agreed rate', async ({
    t,
    put,
    get,
    settings,
  }) => {
    // The review's script: each step 1.99 % below the last, until one is refused.
    let rate = 85;
    const answers: number[] = [];
    while (answers.at(-1) !== 202 && answers.length < 10) {
      rate = Math.ceil(rate * 0.9801 * 100) / 100;
      answers.push((await put(a, '/api/admin/settings', { rates: { usdt_bank_buy: String(rate) } })).status);
    }
    expect(answers).toEqual([200, 202]);
    expect((await settings()).rates.usdt_bank_buy).toBe(83.31);

    // Back towards the agreed 85, into its band: at once.
    expect((await put(a, '/api/admin/settings', { rates: { usdt_bank_buy: '84' } })).status).toBe(200);
    // A far move, confirmed by the person at the server, becomes the agreed rate; the confirmer saw it would.
    const far = await put(a, '/api/admin/settings', { rates: { usdt_bank_buy: '80' } });
    expect(far.body.change.summary).toEqual(
      expect.arrayContaining([
        { what: 'USDT Bank Buy rate', before: '84', after: '80' },
        { what: 'Agreed bank buy rate', before: '85', after: '80' },
      ]),
    );
    await confirmPending(t, far.body.change._id);
    expect((await settings()).agreedRates.usdt_bank_buy).toEqual({ rate: 80, confirmedAt: expect.any(String) });
    expect((await put(a, '/api/admin/settings', { rates: { usdt_bank_buy: '78.5' } })).status).toBe(200);
    expect((await put(a, '/api/admin/settings', { rates: { usdt_bank_buy: '77' } })).status).toBe(202);
    // The brand settings card shows a brand's agreed rates too: its own, and the global ones it follows.
    expect((await get(a, `/api/admin/tenants/${sunriseId}/settings`)).body.agreedRates).toMatchObject({
      usdt_bank_buy: { rate: 91.5, confirmedAt: expect.any(String) },
      usdt_cash_sell: { rate: 85 },
    });
  });

  it('F4: a phone that is staff on one account is refused staff on another, when asked and again when confirmed', async ({ t, put, post }) => {
    // Admin A asks for a Sunrise admin account on A's own phone: refused at once, in words.
    const mine = await post(a, '/api/admin/users', { phone: OPERATOR_PHONE, password: 'whatever-1', roles: ['admin'], tenantId: sunriseId });
    expect(mine).toMatchObject({
      status: 409,
      body: { code: 'staff_elsewhere', error: expect.stringContaining(`${OPERATOR_PHONE} already holds a staff role`) },
    });
    // A role grant to a customer account with a staff phone: the same.
    const customer = await post(a, '/api/admin/users', { phone: B.phone, password: 'customer-b', tenantId: sunriseId });
    expect(customer.status).toBe(201);
    expect(await put(a, `/api/admin/users/${customer.body.user._id}/roles`, { roles: ['compliance'] })).toMatchObject({
      status: 409,
      body: { code: 'staff_elsewhere' },
    });

    // Asked while the phone was no one's staff; made staff elsewhere (at the server) while it waited: the confirmation refuses it.
    const later = '+919620000040';
    const asked = await post(a, '/api/admin/users', { phone: later, password: 'later-pass', roles: ['compliance'], tenantId: sunriseId });
    expect(asked.status).toBe(202);
    await createStaff(t, { phone: later, password: 'elsewhere', roles: ['admin'] });
    const confirmed = await post(b, `/api/admin/changes/${asked.body.change._id}/confirm`);
    expect(confirmed).toMatchObject({ status: 409, body: { code: 'change_stale', error: expect.stringContaining(`${later} already holds a staff role`) } });
    const onSunrise = await t.database.db.selectFrom('users').select('id').where('phone', '=', later).where('tenant_id', '=', sunriseId).execute();
    expect(onSunrise).toEqual([]);
  });

  it("F4: a confirmation by the requester's phone on another account is refused as the requester's own (403 four_eyes)", async ({ t, put, post, settings }) => {
    // An account on the requester's phone from before one staff account per person (made at the server).
    const sameA = await createStaff(t, { phone: OPERATOR_PHONE, password: 'a-on-sunrise', roles: ['admin'], tenantId: sunriseId });
    const asked = await put(a, '/api/admin/settings', { controls: { customerDailyInr: 0 } });
    expect(asked.status).toBe(202);
    const byA = systemMetadata(sunriseId, sameA);
    await expect(t.deps.deskChanges.confirm(asked.body.change._id, { ...byA, actor: { id: sameA, role: 'admin' } })).rejects.toMatchObject({
      code: 'four_eyes',
      message: 'You asked for this change: a different admin must confirm it',
    });
    expect((await settings()).controls.customerDailyInr).toBe(1000000);
    expect(await post(b, `/api/admin/changes/${asked.body.change._id}/decline`, { note: 'not needed' })).toMatchObject({ status: 200 });
  });

  it('F5: the admin a role removal is about cannot decline it; another admin can', async ({ put, post, get }) => {
    const removal = await put(b, `/api/admin/users/${aId}/roles`, { roles: [] });
    expect(removal).toMatchObject({ status: 202, body: { change: { kind: 'roles', reasons: ['It removes the admin role'] } } });
    const id = removal.body.change._id as string;
    expect(await post(a, `/api/admin/changes/${id}/decline`, { note: 'no' })).toMatchObject({ status: 403, body: { code: 'about_you' } });
    expect((await get(a, `/api/admin/changes/${id}`)).body.change.status).toBe('pending');
    expect(await post(c, `/api/admin/changes/${id}/decline`, { note: 'Not without a reason' })).toMatchObject({
      status: 200,
      body: { change: { status: 'declined', note: 'Not without a reason' } },
    });
  });

  it("F10: a brand's compliance officer finds none of the operator's change requests in the event log or an export; the operator's officer does", async ({
    t,
    put,
    get,
  }) => {
    await createStaff(t, { phone: '+919620000050', password: 'brand-officer', roles: ['compliance'], tenantId: sunriseId });
    await createStaff(t, { phone: '+919620000051', password: 'desk-officer', roles: ['compliance'] });
    const brandOfficer = (
      await json(t.call('POST', '/api/auth/login', { body: { phone: '+919620000050', password: 'brand-officer' }, headers: { host: SUNRISE } }))
    ).body.token as string;
    const deskOfficer = await t.login('+919620000051', 'desk-officer');
    const from = new Date(Date.now() - 3_600_000).toISOString();
    const asked = await put(a, `/api/admin/tenants/${sunriseId}/settings`, { limits: { buyInr: { min: 100, max: 3000000 } } });
    expect(asked.status).toBe(202);
    await t.project();

    const events = async (token: string, query: string, host?: string) => (await get(token, `/api/compliance/events?limit=200&${query}`, host)).body.events;
    expect(await events(brandOfficer, 'type=DeskChangeRequested', SUNRISE)).toEqual([]);
    expect(await events(brandOfficer, `stream=desk-change-${asked.body.change._id}`, SUNRISE)).toEqual([]);
    // What is the brand's own is still there, the brand's settings among it.
    expect((await events(brandOfficer, 'type=TenantSettingsOverridden', SUNRISE)).length).toBeGreaterThan(0);
    expect((await events(deskOfficer, `tenantId=${sunriseId}&type=DeskChangeRequested`)).map((e: any) => e.streamId)).toContain(
      `desk-change-${asked.body.change._id}`,
    );

    const exported = await json(
      t.call('POST', '/api/compliance/exports', { token: brandOfficer, body: { from, to: new Date().toISOString() }, headers: { host: SUNRISE } }),
    );
    expect(exported.status).toBe(201);
    const file = await (await t.app.request(exported.body.url)).text();
    const streams = file
      .trimEnd()
      .split('\n')
      .slice(1, -1)
      .map((line) => JSON.parse(line) as { type: string; streamId: string });
    expect(streams.map((e) => e.type)).toContain('TenantSettingsOverridden');
    expect(streams.filter((e) => e.streamId.startsWith('desk-change-') || e.type.startsWith('DeskChange'))).toEqual([]);
  });

  it('F11: a brand is made at once without its domain, which waits; the host keeps landing where it did; moving or clearing a domain waits too', async ({
    t,
    put,
    post,
    get,
  }) => {
    const before = (await json(t.call('GET', '/api/config/public', { headers: { host: 'desk.example.com' } }))).body.brand.name;
    const form = new FormData();
    form.set('name', 'Impostor');
    form.set('domain', 'desk.example.com');
    const created = await json(t.app.request('/api/admin/tenants', { method: 'POST', body: form, headers: { authorization: `Bearer ${a}` } }));
    expect(created).toMatchObject({
      status: 201,
      body: {
        tenant: { name: 'Impostor', domain: null },
        message: expect.stringContaining('the domain waits for a second admin'),
        domainChange: { status: 'pending', reasons: ['It gives the brand the domain desk.example.com: visitors to that host land on this brand'] },
      },
    });
    await t.project();
    expect((await json(t.call('GET', '/api/config/public', { headers: { host: 'desk.example.com' } }))).body.brand.name).toBe(before);
    expect(await post(a, `/api/admin/changes/${created.body.domainChange._id}/confirm`)).toMatchObject({ status: 403, body: { code: 'four_eyes' } });

    // An existing brand's domain moved, or cleared, by one admin: waits as well.
    expect(await put(a, `/api/admin/tenants/${sunriseId}`, { domain: 'desk.example.com' })).toMatchObject({
      status: 202,
      body: { change: { title: 'Where visitors land (domain)', reasons: [expect.stringContaining(`from the domain ${SUNRISE} to desk.example.com`)] } },
    });
    expect((await put(a, `/api/admin/tenants/${sunriseId}`, { domain: '' })).status).toBe(202);
    // The rest of the profile stays one admin's.
    expect((await put(a, `/api/admin/tenants/${sunriseId}`, { primaryColor: '#123456' })).status).toBe(200);
    expect((await get(a, `/api/admin/tenants/${sunriseId}`)).body.domain).toBe(SUNRISE);
  });
});
