import { Link, useParams } from 'react-router';
import { PageHead } from '../ui/page-head';
import { TenantEditForm } from './tenant-edit-form';
import { TenantNotFound } from './tenant-not-found';
import { TenantSummary } from './tenant-summary';
import { useLoadedTenant } from './use-loaded-tenant';
import '../admin-forms.css';

/** Edit a tenant's brand; its accounts are summarised beside it and added on their own screens. */
export function TenantEditPage() {
  const { id = '' } = useParams();
  const { tenant, notFound } = useLoadedTenant(id);
  if (notFound) return <TenantNotFound />;
  if (!tenant.data) return <p className="muted">Loading tenant...</p>;
  return (
    <div className="admin-page">
      <PageHead title={`Edit ${tenant.data.name}`}>
        <Link className="btn secondary" to={`/admin/tenants/${id}`}>
          Back to Tenant
        </Link>
      </PageHead>
      <div className="admin-split">
        <TenantEditForm key={tenant.data._id} tenant={tenant.data} refreshing={tenant.isFetching} onRefresh={() => void tenant.refetch()} />
        <TenantSummary tenant={tenant.data} />
      </div>
    </div>
  );
}
