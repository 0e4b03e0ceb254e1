import { describe, it } from 'vitest';
import { specFor } from '../testing/given-when-then';
import { DEFAULT_PROFILE, decideTenant, tenantEvolver, type TenantCommand } from './tenant.decide';
import type { TenantEvent, TenantState } from './tenant.events';

const spec = specFor<TenantState | null, TenantEvent, TenantCommand>({ ...tenantEvolver, decide: decideTenant });
const ID = '6f1d2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b';
const profile = { ...DEFAULT_PROFILE, name: 'Brand B', domain: 'b.example' };
const created: TenantEvent = { type: 'TenantCreated', data: { ...profile, tenantId: ID, createdAt: 't0' } };
const bank = { bankName: 'HDFC Bank', accountName: 'Brand B', accountNumber: '50200011112222', ifsc: 'HDFC0000123', isActive: true };

describe("tenant decisions, given the tenant's events", () => {
  it('records each part that changed as its own event, and nothing for what stayed', () => {
    spec([created])
      .when({ type: 'ChangeTenant', tenantId: ID, profile: { ...profile, name: 'Brand Bee' }, bankAccounts: [bank], cryptoWallets: [], at: 't1' })
      .thenRecords([
        { type: 'TenantProfileChanged', data: { ...profile, name: 'Brand Bee', changedAt: 't1' } },
        { type: 'TenantBankAccountsChanged', data: { bankAccounts: [bank], changedAt: 't1' } },
      ]);
    spec([created])
      .when({
        type: 'ChangeTenant',
        tenantId: ID,
        profile: { primaryColor: profile.primaryColor, domain: 'b.example', logoUrl: null, logoFileId: null, name: 'Brand B' },
        at: 't1',
      })
      .thenRecords([]);
  });

  it("records a brand's support contact with its profile, and nothing when a profile from before the contact fields is as it was", () => {
    const contact = {
      supportPhone: '+91 98765 43210',
      supportEmail: 'help@b.example',
      supportWhatsApp: 'https://wa.me/919876543210',
      supportHours: 'Every day, 9 am to 9 pm IST',
    };
    spec([created])
      .when({ type: 'ChangeTenant', tenantId: ID, profile: { ...profile, ...contact }, at: 't1' })
      .thenRecords([{ type: 'TenantProfileChanged', data: { ...profile, ...contact, changedAt: 't1' } }]);
    const before = { name: 'Brand B', domain: 'b.example', logoFileId: null, logoUrl: null, primaryColor: '#0d6efd' };
    const createdBefore: TenantEvent = { type: 'TenantCreated', data: { ...before, tenantId: ID, createdAt: 't0' } };
    spec([createdBefore]).when({ type: 'ChangeTenant', tenantId: ID, profile: before, at: 't1' }).thenRecords([]);
    spec([createdBefore])
      .when({ type: 'ChangeTenant', tenantId: ID, profile: { ...before, supportHours: '24/7' }, at: 't1' })
      .thenRecords([
        {
          type: 'TenantProfileChanged',
          data: { ...before, supportPhone: null, supportEmail: null, supportWhatsApp: null, supportHours: '24/7', changedAt: 't1' },
        },
      ]);
  });

  it("records a brand's settings overrides as the whole new set", () => {
    spec([created])
      .when({ type: 'ChangeTenant', tenantId: ID, settingsOverrides: { rates: { usdt_bank_buy: '90' } }, at: 't2' })
      .thenRecords([
        { type: 'TenantSettingsOverridden', data: { overrides: { rates: { usdt_bank_buy: '90' } }, changedAt: 't2', anchorOverrides: {}, anchorSetAt: null } },
      ]);
  });

  it('keeps the agreed overrides unless a second admin confirmed the change, which makes them agreed', () => {
    const agreed: TenantEvent = {
      type: 'TenantSettingsOverridden',
      data: { overrides: { rates: { usdt_bank_buy: '90' } }, changedAt: 't2', anchorOverrides: { rates: { usdt_bank_buy: '90' } }, anchorSetAt: 't2' },
    };
    spec([created, agreed])
      .when({ type: 'ChangeTenant', tenantId: ID, settingsOverrides: { rates: { usdt_bank_buy: '88.5' } }, at: 't3' })
      .thenRecords([
        {
          type: 'TenantSettingsOverridden',
          data: { overrides: { rates: { usdt_bank_buy: '88.5' } }, changedAt: 't3', anchorOverrides: { rates: { usdt_bank_buy: '90' } }, anchorSetAt: 't2' },
        },
      ]);
    spec([created, agreed])
      .when({ type: 'ChangeTenant', tenantId: ID, settingsOverrides: { rates: { usdt_bank_buy: '70' } }, settingsConfirmed: true, at: 't4' })
      .thenRecords([
        {
          type: 'TenantSettingsOverridden',
          data: { overrides: { rates: { usdt_bank_buy: '70' } }, changedAt: 't4', anchorOverrides: { rates: { usdt_bank_buy: '70' } }, anchorSetAt: 't4' },
        },
      ]);
  });

  it('overrides recorded before agreed rates are their own agreed overrides', () => {
    const recordedBefore: TenantEvent = { type: 'TenantSettingsOverridden', data: { overrides: { rates: { usdtInr: '92' } }, changedAt: 't1' } };
    spec([created, recordedBefore])
      .when({ type: 'ChangeTenant', tenantId: ID, settingsOverrides: { rates: { usdtInr: '93' } }, at: 't5' })
      .thenRecords([
        {
          type: 'TenantSettingsOverridden',
          data: { overrides: { rates: { usdtInr: '93' } }, changedAt: 't5', anchorOverrides: { rates: { usdtInr: '92' } }, anchorSetAt: null },
        },
      ]);
  });

  it("records the untouched default tenant's creation with its first change", () => {
    spec([])
      .when({ type: 'ChangeTenant', tenantId: 'default', bankAccounts: [bank], at: 't3' })
      .thenRecords([
        { type: 'TenantCreated', data: { ...DEFAULT_PROFILE, tenantId: 'default', createdAt: 't3' } },
        { type: 'TenantBankAccountsChanged', data: { bankAccounts: [bank], changedAt: 't3' } },
      ]);
  });

  it('deletes a brand, never the default one, and a deleted brand is gone', () => {
    spec([created])
      .when({ type: 'DeleteTenant', tenantId: ID, at: 't4' })
      .thenRecords([{ type: 'TenantDeleted', data: { deletedAt: 't4' } }]);
    spec([]).when({ type: 'DeleteTenant', tenantId: 'default', at: 't4' }).thenRefuses({ code: 'default_tenant', kind: 'conflict' });
    spec([created, { type: 'TenantDeleted', data: { deletedAt: 't4' } }])
      .when({ type: 'ChangeTenant', tenantId: ID, bankAccounts: [], at: 't5' })
      .thenRefuses({ kind: 'not_found', message: 'Tenant not found' });
    spec([]).when({ type: 'ChangeTenant', tenantId: ID, bankAccounts: [], at: 't5' }).thenRefuses({ kind: 'not_found' });
  });

  it('creates a tenant once', () => {
    spec([]).when({ type: 'CreateTenant', tenantId: ID, profile, at: 't0' }).thenRecords([created]);
    spec([created]).when({ type: 'CreateTenant', tenantId: ID, profile, at: 't0' }).thenRefuses({ kind: 'conflict' });
  });
});
