import { Link, useParams } from 'react-router';
import type { Tenant } from './tenant-api';
import { ColourDot, TenantLogo } from './tenant-logo';
import { TenantBasicInfo } from './tenant-basic-info';
import { BrandSettingsCard } from './brand-settings-card';
import { SmsTemplatesCard } from '../sms-templates/sms-templates-card';
import { TenantBankAccounts } from './tenant-bank-accounts';
import { TenantWallets } from './tenant-wallets';
import { TenantNotFound } from './tenant-not-found';
import { useActiveToggle } from './use-active-toggle';
import { useLoadedTenant } from './use-loaded-tenant';
import { WaitingNotice } from '../changes/waiting-notice';
import '../admin-forms.css';

/** One tenant: its brand, its own settings over the Global Settings, and its bank accounts and wallets, each switched on or off in place. */
export function TenantDetailPage() {
  const { id = '' } = useParams();
  const { tenant, notFound } = useLoadedTenant(id);
  if (notFound) return <TenantNotFound />;
  if (!tenant.data) return <p className="muted">Loading tenant...</p>;
  return <TenantDetail tenant={tenant.data} />;
}

function TenantDetail({ tenant }: { tenant: Tenant }) {
  const { toggle, saving, waiting } = useActiveToggle(tenant);
  return (
    <div className="admin-page">
      <div className="admin-head">
        <div className="row">
          <TenantLogo tenant={tenant} large />
          <div>
            <h1>{tenant.name}</h1>
            <p className="muted" style={{ margin: 0 }}>
              {tenant.domain || 'No domain'}
            </p>
            <ColourDot colour={tenant.primaryColor} />
          </div>
        </div>
        <div className="row">
          <Link className="btn secondary" to="/admin/tenants">
            Back to Tenants
          </Link>
          <Link className="btn" to={`/admin/tenants/${tenant._id}/edit`}>
            Edit Tenant
          </Link>
        </div>
      </div>

      <section className="card admin-section" aria-labelledby="basic-title">
        <h2 id="basic-title">Basic Information</h2>
        <TenantBasicInfo tenant={tenant} />
      </section>

      <BrandSettingsCard tenantId={tenant._id} />
      <SmsTemplatesCard tenantId={tenant._id} />

      {waiting && <WaitingNotice change={waiting} />}
      <TenantBankAccounts tenant={tenant} saving={saving} onToggle={(index) => toggle('bankAccounts', index)} />
      <TenantWallets tenant={tenant} saving={saving} onToggle={(index) => toggle('cryptoWallets', index)} />
    </div>
  );
}
