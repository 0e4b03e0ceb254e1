/**
 * The second security review of the desk's controls (issue 27, /work/review2/report.md), its
 * desk-change findings reproduced over HTTP as the review's scripts did them, now refused:
 * - N1a (N1c-write-skew.sh): a brand's base rate 1 and the global cash buy rate 0, sent together,
 *   were each judged against the other's old state and both applied (Sunrise's cash buy 85 → 1);
 * - N1b (N1-rebuild-race.sh): a global change made while the tenants read model was rebuilt was
 *   judged with no brands, and applied at once;
 * - N6 (N6-brand-deletion.sh): one admin deleted a brand at once, shutting its customers out and
 *   releasing its domain.
 * And what the rebuild observation led to: a domain confirmed during a rebuild is checked against
 * the brands' own streams.
 */
import { describe, expect } from 'vitest';
import { json } from '../support/test-app';
import { it as withApp } from '../support/app-fixtures';
import { createBrand } from '../support/brands';
import { confirmPending, createStaff } from '../support/desk-changes';
import { resetForRebuild } from '../../projections/src/runtime/checkpoint-store';
import { CommandHandler } from '../../platform/src/eventstore/command-handler';
import { systemMetadata } from '../../platform/src/eventstore/event-metadata';
import { buildDeskChanges } from '../../services/src/main/desk-change-deps';
import { SettingsService } from '../../services/src/settings/settings.service';
import { TenantStore } from '../../services/src/tenants/tenant-store';
import { BrandRegistry } from '../../services/src/tenants/brand-registry';
import { tenantsProjection } from '../../projections/src/read-models/tenants/tenants.projection';

const B = { phone: '+919630000002', password: 'second-admin-b' };
const SUNRISE = 'sunrise.review2.example';
const MOON = 'moon.review2.example';
const ALL_85 = { usdt_bank_buy: '85', usdt_bank_sell: '85', usdt_cash_buy: '85', usdt_cash_sell: '85' };
/** Sunrise's own bank rates and fee (as the review's server had them), and the same with a base rate of 1. */
const BASE = { rates: { usdt_bank_buy: '91.5', usdt_bank_sell: '88' }, fees: { fiatToCryptoPercent: '0.5' } };
const SKEW = { rates: { ...BASE.rates, usdtInr: '1' }, fees: BASE.fees };
const ROUNDS = 12;

describe('the second review of the desk changes: each finding, refused', () => {
  let a: string;
  let b: string;
  let sunriseId: string;

  const it = withApp
    .extend('cashBuy', ({ t }) => async (host: string) => {
      const rates = (await json(t.call('GET', '/api/config/public', { headers: { host } }))).body.rates;
      return Number(rates.usdt_cash_buy) === 0 ? Number(rates.usdtInr) : Number(rates.usdt_cash_buy);
    })
    /** Every request still pending, withdrawn by A (who asked them all), so each round starts clean. */
    .extend('withdrawAll', ({ t, post }) => async () => {
      await t.project();
      const { changes } = (await json(t.call('GET', '/api/admin/changes', { token: a }))).body;
      for (const change of changes.filter((c: any) => c.status === 'pending')) await post(a, `/api/admin/changes/${change._id}/withdraw`);
    })
    /**
     * ROUNDS rounds of a race: the cash buy back at 85 and Sunrise at its base rate, then `race`
     * (answering what the round saw), then every request still pending withdrawn, then `after`.
     */
    .extend('raceRounds', ({ put, withdrawAll }) => async (race: () => Promise<string>, after?: () => Promise<void>) => {
      const outcomes: string[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        expect((await put(a, '/api/admin/settings', { rates: { usdt_cash_buy: '85' } })).status).toBe(200);
        expect((await put(a, `/api/admin/tenants/${sunriseId}/settings`, BASE)).status).toBe(200);
        outcomes.push(await race());
        await withdrawAll();
        await after?.();
      }
      return outcomes;
    });

  it.beforeAll(async ({ t, put }) => {
    a = await t.adminToken();
    await createStaff(t, { ...B, roles: ['admin'], username: 'Admin B' });
    b = await t.login(B.phone, B.password);
    sunriseId = await createBrand(t, SUNRISE, 'Sunrise');
    expect((await put(a, '/api/admin/settings', { rates: ALL_85 })).status).toBe(200);
    // Sunrise's own bank rates, far from the agreed 85: agreed by a second admin.
    await confirmPending(t, (await put(a, `/api/admin/tenants/${sunriseId}/settings`, BASE)).body.change._id);
  });

  it("N1a: a brand's base rate 1 and the global cash buy 0 sent together: one of them waits for a second admin, every time", async ({
    put,
    cashBuy,
    raceRounds,
  }) => {
    const outcomes = await raceRounds(async () => {
      const [global, brand] = await Promise.all([
        put(a, '/api/admin/settings', { rates: { usdt_cash_buy: '0' } }),
        put(a, `/api/admin/tenants/${sunriseId}/settings`, SKEW),
      ]);
      return `global ${global.status}, brand ${brand.status}, Sunrise cash buy ${await cashBuy(SUNRISE)}`;
    });
    // Whichever ran first applied at once; the other was judged against it, and waits.
    for (const outcome of outcomes) expect(outcome).toMatch(/^global (200, brand 202|202, brand 200), Sunrise cash buy 85$/);
  });

  it('N1a across processes: a brand change from another process (the admin CLI, a second API) takes its turn on the same lock', async ({
    t,
    put,
    cashBuy,
    raceRounds,
  }) => {
    // A second process's own command paths and lock, on the same databases.
    const handler = new CommandHandler(t.deps.eventStore);
    const tenants = new TenantStore(handler, t.deps.eventStore, new BrandRegistry(t.database.db));
    const settings = new SettingsService(handler, t.deps.eventStore, tenants);
    const other = buildDeskChanges({ handler, settings, tenants, roles: t.deps.roles, db: t.database.db, files: t.deps.orders.files });
    const aId = (await json(t.call('GET', '/api/auth/me', { token: a }))).body._id as string;
    const asA = { ...systemMetadata(sunriseId, aId), actor: { id: aId, role: 'admin' as const } };
    const outcomes = await raceRounds(async () => {
      const [global, brand] = await Promise.all([
        put(a, '/api/admin/settings', { rates: { usdt_cash_buy: '0' } }),
        other.overrideBrandSettings(sunriseId, SKEW, asA),
      ]);
      t.deps.settings.forget(sunriseId);
      return `global ${global.status}, brand ${brand.pending ? 202 : 200}, Sunrise cash buy ${await cashBuy(SUNRISE)}`;
    });
    for (const outcome of outcomes) expect(outcome).toMatch(/^global (200, brand 202|202, brand 200), Sunrise cash buy 85$/);
  });

  it("N1a, the confirmation: a global change confirmed as a brand's at-once change arrives is never applied beside it", async ({
    put,
    post,
    cashBuy,
    raceRounds,
  }) => {
    const outcomes = await raceRounds(
      async () => {
        // Waits for a second admin for its limit; its cash buy 0 moves no rate while Sunrise has no base rate of its own.
        const asked = await put(a, '/api/admin/settings', { rates: { usdt_cash_buy: '0' }, controls: { customerDailyInr: 0 } });
        expect(asked.status).toBe(202);
        const [confirmed, brand] = await Promise.all([
          post(b, `/api/admin/changes/${asked.body.change._id}/confirm`),
          put(a, `/api/admin/tenants/${sunriseId}/settings`, SKEW),
        ]);
        return `confirm ${confirmed.status}, brand ${brand.status}, Sunrise cash buy ${await cashBuy(SUNRISE)}`;
      },
      // The limit back on (tightening: at once).
      async () => expect((await put(a, '/api/admin/settings', { controls: { customerDailyInr: 1000000 } })).status).toBe(200),
    );
    // Confirmed first: the brand's base rate is judged against cash buy 0, and waits. Or the brand's
    // change first: the confirmation finds Sunrise moved, and the request lapses.
    for (const outcome of outcomes) expect(outcome).toMatch(/^(confirm 200, brand 202|confirm 409, brand 200), Sunrise cash buy 85$/);
  });

  it('N1b: a global change made while the tenants read model is rebuilt is still judged for every brand (the review: 202, then 200)', async ({
    t,
    put,
    post,
    cashBuy,
  }) => {
    const moonId = await createBrand(t, MOON, 'Moonlight');
    expect((await put(a, '/api/admin/settings', { rates: ALL_85 })).status).toBe(200);
    expect((await put(a, `/api/admin/tenants/${sunriseId}/settings`, BASE)).status).toBe(200);
    // A base rate of 1 that no priced rate of Moonlight uses yet: at once.
    expect((await put(a, `/api/admin/tenants/${moonId}/settings`, { rates: { usdtInr: '1' } })).status).toBe(200);
    const judged = await put(a, '/api/admin/settings', { rates: { usdt_cash_buy: '0' } });
    expect(judged).toMatchObject({
      status: 202,
      body: { change: { reasons: [expect.stringContaining('For Moonlight, it moves the cash buy rate from 85 to 1')] } },
    });
    await post(a, `/api/admin/changes/${judged.body.change._id}/withdraw`);

    // The rebuild empties the read model (as POST /api/admin/projections/tenants/rebuild does) and nothing refills it yet.
    await resetForRebuild(t.database.db, tenantsProjection, 0);
    t.deps.directory.invalidate();
    const during = await put(a, '/api/admin/settings', { rates: { usdt_cash_buy: '0' } });
    expect(during).toMatchObject({
      status: 202,
      body: { change: { reasons: [expect.stringContaining('For Moonlight, it moves the cash buy rate from 85 to 1')] } },
    });
    await post(a, `/api/admin/changes/${during.body.change._id}/withdraw`);
    await t.project();
    expect(await cashBuy(MOON)).toBe(85);
  });

  it("a brand's domain confirmed while the tenants read model is rebuilt is refused when another brand holds it", async ({ t, put, post }) => {
    const form = new FormData();
    form.set('name', 'Lookalike');
    const made = await json(t.app.request('/api/admin/tenants', { method: 'POST', body: form, headers: { authorization: `Bearer ${a}` } }));
    expect(made.status).toBe(201);
    // Asked while Sunrise's domain was elsewhere for a moment would be refused at once; asked during the rebuild, it is not seen.
    await resetForRebuild(t.database.db, tenantsProjection, 0);
    const asked = await put(a, `/api/admin/tenants/${made.body.tenant._id}`, { domain: SUNRISE });
    expect(asked.status).toBe(202);
    expect(await post(b, `/api/admin/changes/${asked.body.change._id}/confirm`)).toMatchObject({
      status: 409,
      body: { code: 'change_stale', error: expect.stringContaining('This domain is already used by another tenant') },
    });
    await t.project();
    expect((await json(t.call('GET', '/api/config/public', { headers: { host: SUNRISE } }))).body.brand.name).toBe('Sunrise');
  });

  it('N6: deleting a brand waits for a second admin; its customers keep their access and its host its brand until then', async ({ t, post }) => {
    const gone = 'gone.review2.example';
    const goneId = await createBrand(t, gone, 'Gone Soon');
    const phone = '+919630000031';
    expect((await post(a, '/api/admin/users', { phone, password: 'gone-customer', tenantId: goneId })).status).toBe(201);
    const customer = (await json(t.call('POST', '/api/auth/login', { body: { phone, password: 'gone-customer' }, headers: { host: gone } }))).body.token;
    const customerReads = async () => (await t.call('GET', '/api/orders', { token: customer, headers: { host: gone } })).status;
    expect(await customerReads()).toBe(200);

    const asked = await json(t.call('DELETE', `/api/admin/tenants/${goneId}`, { token: a }));
    expect(asked).toMatchObject({
      status: 202,
      body: {
        pendingConfirmation: true,
        change: {
          kind: 'brand_deletion',
          title: 'Delete a brand',
          reasons: [
            `It deletes the brand Gone Soon: its customers and staff can no longer sign in, and its domain ${gone} is released: its visitors land on the operator's own brand`,
          ],
        },
      },
    });
    await t.project();
    expect((await json(t.call('GET', '/api/config/public', { headers: { host: gone } }))).body.brand.name).toBe('Gone Soon');
    expect((await t.call('GET', `/api/admin/tenants/${goneId}`, { token: a })).status).toBe(200);
    expect(await customerReads()).toBe(200);
    expect(await post(a, `/api/admin/changes/${asked.body.change._id}/confirm`)).toMatchObject({ status: 403, body: { code: 'four_eyes' } });

    expect(await post(b, `/api/admin/changes/${asked.body.change._id}/confirm`)).toMatchObject({ status: 200, body: { change: { status: 'confirmed' } } });
    await t.project();
    expect((await t.call('GET', `/api/admin/tenants/${goneId}`, { token: a })).status).toBe(404);
    expect(await customerReads()).toBe(401);
    expect((await json(t.call('GET', '/api/config/public', { headers: { host: gone } }))).body.brand.name).toBe('USDT Desk');
    const deleted = (await t.deps.eventStore.readStream(`tenant-${goneId}`)).at(-1)!;
    expect(deleted).toMatchObject({ type: 'TenantDeleted', metadata: { causationId: `desk-change-${asked.body.change._id}` } });
  });
});
