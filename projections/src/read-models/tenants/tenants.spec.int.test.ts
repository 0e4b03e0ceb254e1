import { describe } from 'vitest';
import { readModelTest as it } from '../../testing/read-model-test';
import { readModelSpec } from '../../testing/read-model-spec';
import { tenantsProjection } from './tenants.projection';

const spec = readModelSpec(tenantsProjection);
const profile = { name: 'Zen Exchange', domain: 'zen.example', logoFileId: null, logoUrl: null, primaryColor: '#0a7' };
const created = (tenantId: string, domain: string | null) => ({
  streamId: `tenant-${tenantId}`,
  type: 'TenantCreated',
  data: { ...profile, domain, tenantId, createdAt: '2026-11-27T09:00:00.000Z' },
});
const changed = (tenantId: string, type: string, data: object) => ({ streamId: `tenant-${tenantId}`, type, data });

describe('tenants read model', () => {
  it('keeps each brand as its events fold it, with its domain and whether it was deleted lifted out', async ({ readModels }) => {
    const then = await spec(readModels)
      .given(created('zen', 'zen.example'), created('sunrise', null))
      .when(
        changed('zen', 'TenantProfileChanged', { ...profile, name: 'Zen', domain: 'zen.in', changedAt: '2026-11-27T09:30:00.000Z' }),
        changed('sunrise', 'TenantDeleted', { deletedAt: '2026-11-27T09:40:00.000Z' }),
        // Another stream's event: not the tenants' to fold.
        { streamId: 'settings-default', type: 'SettingsChanged', data: {} },
      );
    await then.thenRows('rm_tenants', [
      { id: 'sunrise', domain: null, deleted: true, created_at: new Date('2026-11-27T09:00:00.000Z'), state: { tenantId: 'sunrise', deleted: true } },
      {
        id: 'zen',
        domain: 'zen.in',
        deleted: false,
        state: { tenantId: 'zen', name: 'Zen', domain: 'zen.in', updatedAt: '2026-11-27T09:30:00.000Z', bankAccounts: [], settingsOverrides: {} },
      },
    ]);
  });

  it('writes no row for a stream whose first event is not its creation', async ({ readModels }) => {
    const then = await spec(readModels)
      .given()
      .when(changed('ghost', 'TenantDeleted', { deletedAt: '2026-11-27T09:40:00.000Z' }));
    await then.thenNoRow('rm_tenants', { id: 'ghost' });
  });
});
