import { randomUUID } from 'node:crypto';
import { describe, expect } from 'vitest';
import { json } from '../../../tests/support/test-app';
import { it } from '../../../tests/support/app-fixtures';
import { createBrand } from '../../../tests/support/brands';
import { resetForRebuild } from '@desk/projections/runtime/checkpoint-store';
import { tenantsProjection } from '@desk/projections/read-models/tenants/tenants.projection';
import { BrandRegistry, fillBrandRegistry } from './brand-registry';

/** The write side's list of brands (decision 0030, second addendum): what a global change is judged for. */
describe('the brand registry', () => {
  let registry: BrandRegistry;

  it.beforeAll(async ({ t }) => {
    registry = new BrandRegistry(t.database.db);
  });

  it('registers a brand before its first event, and the default brand at its first change', async ({ t }) => {
    expect(await registry.ids()).toEqual([]);
    const id = await createBrand(t, 'registered.example', 'Registered');
    expect(await registry.ids()).toEqual([id]);
    const change = await json(t.call('PUT', '/api/admin/tenants/default', { token: await t.adminToken(), body: { primaryColor: '#224466' } }));
    expect(change.status).toBe(200);
    expect(await registry.ids()).toEqual([id, 'default']);
  });

  it('is filled at start from the tenants read model with brands made before it, once each', async ({ t }) => {
    const older = await createBrand(t, 'older.example', 'Older');
    // As a brand made by the previous version: in the read model, not in the registry.
    await t.database.db.deleteFrom('brand_registry').where('tenant_id', '=', older).execute();
    await t.project();
    expect(await fillBrandRegistry(registry, t.database.db)).toEqual({ added: 1, readModelRebuilding: false });
    expect(await registry.ids()).toContain(older);
    expect(await fillBrandRegistry(registry, t.database.db)).toEqual({ added: 0, readModelRebuilding: false });
  });

  it('says when the read model is being rebuilt at that start (the next start fills again), and adds nothing it does not hold', async ({ t }) => {
    const before = await registry.ids();
    await resetForRebuild(t.database.db, tenantsProjection, 0);
    expect(await fillBrandRegistry(registry, t.database.db)).toEqual({ added: 0, readModelRebuilding: true });
    expect(await registry.ids()).toEqual(before);
    await t.project();
  });

  it('a row whose brand never came to be (its first append failed) is no brand: a global change is judged without it', async ({ t }) => {
    await registry.register(randomUUID());
    const change = await json(t.call('PUT', '/api/admin/settings', { token: await t.adminToken(), body: { fees: { fiatToCryptoPercent: '0.7' } } }));
    expect(change.status).toBe(200);
  });
});
