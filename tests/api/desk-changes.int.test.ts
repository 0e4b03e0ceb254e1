/**
 * A second admin for changes to the desk's own rules (issue 27, decision 0030), over HTTP. The
 * finding: one operator admin alone set `fourEyesAboveInr` to 0, completed a ₹3,00,000 order and
 * set it back, or made themselves a second admin account. Now such a change answers 202 and waits;
 * its requester cannot confirm it; another admin (or the admin CLI, the person at the server) does.
 */
import { describe, expect } from 'vitest';
import { createCustomer, json } from '../support/test-app';
import { it as withApp } from '../support/app-fixtures';
import { createBrand } from '../support/brands';
import { confirmPending, createStaff } from '../support/desk-changes';
import { DEPOSIT_TRON } from '../support/deposit-wallet';
import { failRowOnce, whileFailing } from '../support/fail-once';

const B = { phone: '+919610000002', password: 'second-admin-b' };
const OFFICER = { phone: '+919610000003', password: 'officer-pass' };
const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const HDFC = { bankName: 'HDFC Bank', accountName: 'Brand D', accountNumber: '50200011112222', ifsc: 'HDFC0000123', isActive: true };

describe('changes to the desk rules wait for a second admin', () => {
  let a: string;
  let b: string;
  let bId: string;
  let officer: string;

  const it = withApp
    .extend(
      'settings',
      ({ t }) =>
        async () =>
          (await json(t.call('GET', '/api/admin/settings', { token: a }))).body,
    )
    .extend(
      'streamOf',
      ({ t }) =>
        (id: string) =>
          t.deps.eventStore.readStream(`desk-change-${id}`),
    );

  it.beforeAll(async ({ t }) => {
    a = await t.adminToken();
    bId = await createStaff(t, { ...B, roles: ['admin'], username: 'Admin B' });
    await createStaff(t, { ...OFFICER, roles: ['compliance'] });
    [b, officer] = await Promise.all([t.login(B.phone, B.password), t.login(OFFICER.phone, OFFICER.password)]);
  });

  it('the finding: turning four eyes off waits (202, nothing changed), its requester cannot confirm, another admin puts it in force', async ({
    t,
    put,
    post,
    settings,
    streamOf,
  }) => {
    const before = await t.deps.eventStore.readStream('settings-default');
    const asked = await put(a, '/api/admin/settings', { controls: { fourEyesAboveInr: 0 } });
    expect(asked).toMatchObject({
      status: 202,
      body: {
        pendingConfirmation: true,
        message: expect.stringContaining('Waiting for a second admin'),
        change: {
          kind: 'global_settings',
          status: 'pending',
          brand: null,
          summary: [{ what: 'Second admin above', before: '₹2,00,000', after: 'off' }],
          reasons: ['It turns off the four-eyes threshold (a second admin above this amount), which was ₹2,00,000'],
          requestedBy: { phone: '+919000000001' },
        },
      },
    });
    const id = asked.body.change._id as string;
    expect((await settings()).controls.fourEyesAboveInr).toBe(200000);
    expect(await t.deps.eventStore.readStream('settings-default')).toHaveLength(before.length);

    // While it waits, a ₹3,00,000 completion by the same admin still needs a second admin.
    const customer = await createCustomer(t, '+919610000010');
    const placed = await post(customer, '/api/orders/fiat-to-crypto', { fiatAmount: 300000, network: 'TRC20', withdrawAddress: TRON, method: 'bank' });
    expect(placed.status).toBe(201);
    await post(customer, `/api/orders/${placed.body.order._id}/upload`, { bankReference: 'UTRDESK300000' });
    // (Asked before the payout, with no reference yet: decision 0031's addendum.)
    const completed = await post(a, `/api/admin/orders/${placed.body.order._id}/complete`, {});
    expect(completed).toMatchObject({ status: 202, body: { pendingConfirmation: true } });

    const own = await post(a, `/api/admin/changes/${id}/confirm`);
    expect(own).toMatchObject({ status: 403, body: { code: 'four_eyes' } });
    expect((await settings()).controls.fourEyesAboveInr).toBe(200000);

    const confirmed = await post(b, `/api/admin/changes/${id}/confirm`);
    expect(confirmed).toMatchObject({ status: 200, body: { change: { status: 'confirmed', endedBy: { _id: bId } } } });
    expect((await settings()).controls.fourEyesAboveInr).toBe(0);
    const [applied] = (await t.deps.eventStore.readStream('settings-default')).slice(before.length);
    expect(applied).toMatchObject({ type: 'SettingsChanged', metadata: { actor: { id: bId, role: 'admin' }, causationId: `desk-change-${id}` } });
    expect((await streamOf(id)).map((e) => [e.type, e.metadata.actor.id])).toEqual([
      ['DeskChangeRequested', expect.any(String)],
      ['DeskChangeConfirmed', bId],
    ]);
    // Back on, as the tests below expect: tightening applies at once.
    expect((await put(a, '/api/admin/settings', { controls: { fourEyesAboveInr: 200000 } })).status).toBe(200);
  });

  it('refuses a confirmation once what the change replaces has moved (409 change_stale), for good', async ({ t, put, post, settings }) => {
    const asked = await put(a, '/api/admin/settings', { controls: { customerDailyInr: 0 } });
    expect(asked.status).toBe(202);
    // A fee change needs no second admin, and moves the settings on.
    expect((await put(a, '/api/admin/settings', { fees: { fiatToCryptoPercent: 0.5 } })).status).toBe(200);
    const stale = await post(b, `/api/admin/changes/${asked.body.change._id}/confirm`);
    expect(stale).toMatchObject({ status: 409, body: { code: 'change_stale' } });
    expect((await settings()).controls.customerDailyInr).toBe(1000000);
    expect(await post(b, `/api/admin/changes/${asked.body.change._id}/confirm`)).toMatchObject({ status: 409, body: { code: 'change_stale' } });
    expect((await json(t.call('GET', `/api/admin/changes/${asked.body.change._id}`, { token: a }))).body.change).toMatchObject({
      status: 'lapsed',
      note: expect.stringContaining('has changed since it was asked for'),
    });
  });

  it('records the lapse of a confirmation sent with an Idempotency-Key whose apply is refused, as without one', async ({ t, post, streamOf }) => {
    const phone = '+919610000050';
    const brandId = await createBrand(t, 'two-staff.example', 'Brand Two');
    const onDefault = await post(a, '/api/admin/users', { phone, password: 'staff-on-two', username: 'Two brands', roles: ['admin'] });
    const onBrand = await post(a, '/api/admin/users', { phone, password: 'staff-on-two', username: 'Two brands', roles: ['admin'], tenantId: brandId });
    expect([onDefault.status, onBrand.status]).toEqual([202, 202]);
    await confirmPending(t, onDefault.body.change._id);
    // The phone now holds a staff role: the second account cannot be applied, and its change lapses with the reason.
    const id = onBrand.body.change._id as string;
    const refused = await json(t.call('POST', `/api/admin/changes/${id}/confirm`, { token: b, body: {}, headers: { 'idempotency-key': `confirm-${id}` } }));
    expect(refused).toMatchObject({ status: 409, body: { code: 'change_stale', error: expect.stringContaining('It could not be applied') } });
    expect((await streamOf(id)).map((e) => e.type)).toEqual(['DeskChangeRequested', 'DeskChangeConfirmed', 'DeskChangeLapsed']);
    expect((await json(t.call('GET', `/api/admin/changes/${id}`, { token: a }))).body.change).toMatchObject({
      status: 'lapsed',
      note: expect.stringContaining('It could not be applied'),
    });
  });

  it("records the lapse of a confirmation's re-run as the confirmation's consequence, not as a run of the request", async ({ t, post, sql, streamOf }) => {
    const phone = '+919610000051';
    const brandId = await createBrand(t, 'rerun-lapse.example', 'Brand Rerun');
    const onDefault = await post(a, '/api/admin/users', { phone, password: 'staff-on-two', username: 'Rerun lapse', roles: ['admin'] });
    const onBrand = await post(a, '/api/admin/users', { phone, password: 'staff-on-two', username: 'Rerun lapse', roles: ['admin'], tenantId: brandId });
    expect([onDefault.status, onBrand.status]).toEqual([202, 202]);
    const id = onBrand.body.change._id as string;
    const confirm = () => json(t.call('POST', `/api/admin/changes/${id}/confirm`, { token: b, body: {}, headers: { 'idempotency-key': `rerun-${id}` } }));
    // The first run is cut after its confirmation is recorded: the account's row is refused by the database (a 500).
    const cut = await whileFailing(failRowOnce(sql, 'users', 'insert', { when: `new.phone = '${phone}'` }), confirm);
    expect(cut.status).toBe(500);
    expect((await streamOf(id)).map((e) => e.type)).toEqual(['DeskChangeRequested', 'DeskChangeConfirmed']);
    // Meanwhile the phone takes a staff role on the default brand: the re-run's apply is refused, and the change lapses.
    await confirmPending(t, onDefault.body.change._id);
    expect(await confirm()).toMatchObject({ status: 409, body: { code: 'change_stale', error: expect.stringContaining('It could not be applied') } });
    const events = await streamOf(id);
    expect(events.map((e) => e.type)).toEqual(['DeskChangeRequested', 'DeskChangeConfirmed', 'DeskChangeLapsed']);
    // Neither the request's id nor its re-run mark: the catalogue gives `rerun` only beside an idempotencyId.
    expect(events[2]!.metadata).not.toHaveProperty('idempotencyId');
    expect(events[2]!.metadata).not.toHaveProperty('rerun');
  });

  it('moves a rate within the band at once, and further than the band only with a second admin', async ({ t, put, settings }) => {
    expect((await put(a, '/api/admin/settings', { rates: { usdt_bank_buy: 86 } })).status).toBe(200);
    const far = await put(a, '/api/admin/settings', { rates: { usdt_bank_buy: 95 } });
    expect(far).toMatchObject({
      status: 202,
      body: {
        change: {
          reasons: [
            // Measured from the rate a second admin agreed (the four-eyes change above was confirmed), not from 86.
            expect.stringMatching(
              /^It moves the bank buy rate from 86 to 95, 11\.77 % from its agreed rate 85 \(confirmed by a second admin on \d{4}-\d\d-\d\d \d\d:\d\d UTC\), further than the 2 % re-quote band$/,
            ),
          ],
        },
      },
    });
    expect((await settings()).rates.usdt_bank_buy).toBe(86);
    await confirmPending(t, far.body.change._id);
    expect((await settings()).rates.usdt_bank_buy).toBe(95);
  });

  it('a self-made second admin account waits; its requester cannot confirm it; the password is never in an event', async ({ t, post, streamOf }) => {
    const mine = { phone: '+919610000020', password: 'my-other-account', username: 'Also me', roles: ['admin'] };
    const asked = await post(a, '/api/admin/users', mine);
    expect(asked).toMatchObject({
      status: 202,
      body: {
        change: {
          kind: 'staff_account',
          reasons: ['It creates an account with the admin role'],
          summary: [{ after: '+919610000020 (Also me)' }, { after: 'admin' }],
        },
      },
    });
    expect((await t.call('POST', '/api/auth/login', { body: { phone: mine.phone, password: mine.password } })).status).toBe(401);
    expect(await post(a, `/api/admin/changes/${asked.body.change._id}/confirm`)).toMatchObject({ status: 403, body: { code: 'four_eyes' } });
    const events = JSON.stringify((await streamOf(asked.body.change._id)).map((e) => [e.data, e.metadata]));
    expect(events).not.toContain(mine.password);
    expect(events).not.toContain('$argon2');

    await t.project();
    const forB = (await json(t.call('GET', '/api/admin/changes', { token: b }))).body;
    expect(forB.changes.find((c: any) => c._id === asked.body.change._id)).toMatchObject({ status: 'pending', title: 'New staff account' });
    expect(forB.waitingForYou).toBeGreaterThanOrEqual(1);
    const forA = (await json(t.call('GET', '/api/admin/changes', { token: a }))).body;
    expect(forA.waitingForYou).toBe(0);

    expect((await post(b, `/api/admin/changes/${asked.body.change._id}/confirm`)).status).toBe(200);
    expect((await t.call('POST', '/api/auth/login', { body: { phone: mine.phone, password: mine.password } })).status).not.toBe(401);
    expect(await t.database.db.selectFrom('desk_change_passwords').selectAll().execute()).toEqual([]);
  });

  it('a customer account is made at once, as before', async ({ post }) => {
    expect((await post(a, '/api/admin/users', { phone: '+919610000021', password: 'customer1' })).status).toBe(201);
  });

  it('a role grant waits, then is recorded with the confirmer as actor', async ({ t, put, post }) => {
    const made = await post(a, '/api/admin/users', { phone: '+919610000022', password: 'customer2' });
    const userId = made.body.user._id as string;
    const asked = await put(a, `/api/admin/users/${userId}/roles`, { roles: ['compliance'] });
    expect(asked).toMatchObject({
      status: 202,
      body: {
        change: {
          kind: 'roles',
          reasons: ['It grants the compliance officer role'],
          summary: [{ before: 'customer (no staff role)', after: 'compliance officer' }],
        },
      },
    });
    const rolesNow = async () => (await t.database.db.selectFrom('users').select('roles').where('id', '=', userId).executeTakeFirstOrThrow()).roles;
    expect(await rolesNow()).toEqual([]);
    expect((await post(b, `/api/admin/changes/${asked.body.change._id}/confirm`)).status).toBe(200);
    expect(await rolesNow()).toEqual(['compliance']);
    const granted = (await t.deps.eventStore.readStream(`user-${userId}`)).find((e) => e.type === 'UserRolesChanged');
    expect(granted?.metadata).toMatchObject({ actor: { id: bId }, causationId: `desk-change-${asked.body.change._id}` });
  });

  it("a bank account and a wallet added to a brand wait; its customers' payment details stay as they were until confirmed", async ({ t, put, post }) => {
    const brandId = await createBrand(t, 'd.example', 'Brand D');
    const customer = await json(t.call('POST', '/api/admin/users', { token: a, body: { phone: '+919610000030', password: 'customer3', tenantId: brandId } }));
    expect(customer.status).toBe(201);
    const dee = (await json(t.call('POST', '/api/auth/login', { body: { phone: '+919610000030', password: 'customer3' }, headers: { host: 'd.example' } })))
      .body.token;
    const details = async () => ({
      banks: (await json(t.call('GET', '/api/user/tenant/bank-details', { token: dee, headers: { host: 'd.example' } }))).body.bankDetails,
      wallets: (await json(t.call('GET', '/api/user/tenant/crypto-wallet-details', { token: dee, headers: { host: 'd.example' } }))).body.cryptoWalletDetails,
    });

    const bank = await put(a, `/api/admin/tenants/${brandId}`, { bankAccounts: [HDFC] });
    expect(bank).toMatchObject({ status: 202, body: { change: { kind: 'brand_accounts', brand: { _id: brandId, name: 'Brand D' } } } });
    expect(bank.body.change.reasons[0]).toContain('50200011112222');
    const files = async () => (await t.database.db.selectFrom('stored_files').select('file_id').execute()).length;
    const filesBefore = await files();
    const wallet = await put(a, `/api/admin/tenants/${brandId}`, { cryptoWallets: [{ network: 'TRC20', address: DEPOSIT_TRON }] });
    expect(wallet.status).toBe(202);
    // The QR drawn for the new wallet is kept while the request waits, and shown to the confirmer.
    expect(await files()).toBe(filesBefore + 1);
    expect(wallet.body.change.qrImages).toEqual([{ network: 'TRC20', address: DEPOSIT_TRON, qrCodeUrl: expect.stringMatching(/^\/api\/files\//) }]);
    expect(await details()).toEqual({ banks: [], wallets: [] });

    // Confirmed in the order asked, the second finds the brand moved on: it is asked again.
    expect((await post(b, `/api/admin/changes/${bank.body.change._id}/confirm`)).status).toBe(200);
    expect((await details()).banks).toEqual([{ bankName: 'HDFC Bank', accountName: 'Brand D', accountNumber: '50200011112222', ifsc: 'HDFC0000123' }]);
    expect(await post(b, `/api/admin/changes/${wallet.body.change._id}/confirm`)).toMatchObject({ status: 409, body: { code: 'change_stale' } });
    expect(await files()).toBe(filesBefore);
    const again = await put(a, `/api/admin/tenants/${brandId}`, { bankAccounts: [HDFC], cryptoWallets: [{ network: 'TRC20', address: DEPOSIT_TRON }] });
    expect(again.status).toBe(202);
    expect((await post(b, `/api/admin/changes/${again.body.change._id}/confirm`)).status).toBe(200);
    expect((await details()).wallets).toEqual([{ network: 'TRC20', address: DEPOSIT_TRON, qrCodeUrl: expect.stringMatching(/^\/api\/files\//) }]);
  });

  it('a deactivation only narrows where customers pay, and applies at once', async ({ t, put }) => {
    const brandId = await createBrand(t, 'e.example', 'Brand E');
    const added = await put(a, `/api/admin/tenants/${brandId}`, { bankAccounts: [HDFC] });
    await confirmPending(t, added.body.change._id);
    const off = await put(a, `/api/admin/tenants/${brandId}`, { bankAccounts: [{ ...HDFC, isActive: false }] });
    expect(off).toMatchObject({ status: 200, body: { tenant: { bankAccounts: [{ isActive: false }] } } });
    // Switching it back on widens it again.
    expect((await put(a, `/api/admin/tenants/${brandId}`, { bankAccounts: [HDFC] })).body.change.reasons[0]).toMatch(
      /^It activates the bank account HDFC Bank/,
    );
    expect((await put(a, `/api/admin/tenants/${brandId}`, { bankAccounts: [] })).status).toBe(200);
  });

  it("loosening a brand's overrides waits; the brand's customers keep their terms until it is confirmed", async ({ t, put }) => {
    const brandId = await createBrand(t, 'f.example', 'Brand F');
    const asked = await put(a, `/api/admin/tenants/${brandId}/settings`, { limits: { buyInr: { min: 100, max: 2000000 } } });
    expect(asked).toMatchObject({
      status: 202,
      body: { change: { kind: 'brand_settings', reasons: ['It raises the largest buy order from ₹10,00,000 to ₹20,00,000'] } },
    });
    const effective = async () => (await json(t.call('GET', `/api/admin/tenants/${brandId}/settings`, { token: a }))).body.effective.limits.buyInr.max;
    expect(await effective()).toBe(1000000);
    await confirmPending(t, asked.body.change._id);
    expect(await effective()).toBe(2000000);
    // Narrowing it again is one admin's.
    expect((await put(a, `/api/admin/tenants/${brandId}/settings`, {})).status).toBe(200);
  });

  it('its requester withdraws; another admin declines with a note; neither may do the other', async ({ put, post, settings }) => {
    const first = (await put(a, '/api/admin/settings', { controls: { requoteBandPercent: 10 } })).body.change._id as string;
    expect(await post(b, `/api/admin/changes/${first}/withdraw`)).toMatchObject({ status: 403, body: { code: 'not_requester' } });
    expect(await post(a, `/api/admin/changes/${first}/withdraw`)).toMatchObject({ status: 200, body: { change: { status: 'withdrawn' } } });
    expect(await post(b, `/api/admin/changes/${first}/confirm`)).toMatchObject({ status: 409, body: { code: 'change_not_pending' } });

    const second = (await put(a, '/api/admin/settings', { controls: { requoteBandPercent: 10 } })).body.change._id as string;
    expect(await post(a, `/api/admin/changes/${second}/decline`)).toMatchObject({ status: 403, body: { code: 'own_change' } });
    expect(await post(b, `/api/admin/changes/${second}/decline`, { note: 'Not without a reason' })).toMatchObject({
      status: 200,
      body: { change: { status: 'declined', note: 'Not without a reason' } },
    });
    expect((await settings()).controls.requoteBandPercent).toBe(2);
  });

  it('the admin CLI confirms as the person at the server, recorded as such', async ({ t, put, settings, streamOf }) => {
    const asked = await put(a, '/api/admin/settings', { controls: { customerMonthlyInr: 9000000 } });
    await confirmPending(t, asked.body.change._id);
    expect((await settings()).controls.customerMonthlyInr).toBe(9000000);
    expect((await streamOf(asked.body.change._id)).at(-1)).toMatchObject({
      type: 'DeskChangeConfirmed',
      metadata: { actor: { id: 'admin-cli', role: 'system' } },
    });
  });

  it('compliance officers read the changes (recorded on their trail) and act on none; brand admins see none; bad ids are 404', async ({ t, put, post }) => {
    const asked = await put(a, '/api/admin/settings', { controls: { fourEyesAboveInr: 250000 } });
    await t.project();
    const read = await json(t.call('GET', '/api/compliance/changes', { token: officer }));
    expect(read.status).toBe(200);
    expect(read.body.changes.some((c: any) => c._id === asked.body.change._id)).toBe(true);
    expect((await json(t.call('GET', `/api/compliance/changes/${asked.body.change._id}`, { token: officer }))).body.change.status).toBe('pending');
    const trail = (
      await t.deps.eventStore.readStream(
        `access-${(await t.database.db.selectFrom('users').select('id').where('phone', '=', OFFICER.phone).executeTakeFirstOrThrow()).id}`,
      )
    ).map((e) => (e.data as { view: string }).view);
    expect(trail).toEqual(['desk_changes', 'desk_change']);
    expect((await post(officer, `/api/admin/changes/${asked.body.change._id}/confirm`)).status).toBe(403);

    const brandId = await createBrand(t, 'g.example', 'Brand G');
    await createStaff(t, { phone: '+919610000040', password: 'brand-admin', roles: ['admin'], tenantId: brandId });
    const brandAdmin = (
      await json(t.call('POST', '/api/auth/login', { body: { phone: '+919610000040', password: 'brand-admin' }, headers: { host: 'g.example' } }))
    ).body.token;
    expect((await t.call('GET', '/api/admin/changes', { token: brandAdmin })).status).toBe(403);
    expect((await t.call('POST', `/api/admin/changes/${asked.body.change._id}/confirm`, { token: brandAdmin, body: {} })).status).toBe(403);

    for (const id of ['nope', crypto.randomUUID()]) expect((await t.call('GET', `/api/admin/changes/${id}`, { token: b })).status).toBe(404);
    expect((await post(b, `/api/admin/changes/${crypto.randomUUID()}/confirm`)).status).toBe(404);
    expect((await post(b, `/api/admin/changes/${asked.body.change._id}/decline`, { note: 'x'.repeat(501) })).status).toBe(400);
  });
});
