import { Link } from 'react-router';
import { DataTable } from '../../../components/data-table';
import { formatDateTime } from '../../../lib/format-date-time';
import type { Tenant } from './tenant-api';
import { ColourDot, TenantLogo } from './tenant-logo';

interface TenantsTableProps {
  tenants: Tenant[];
  onDelete: (tenant: Tenant) => void;
}

export function TenantsTable({ tenants, onDelete }: TenantsTableProps) {
  return (
    <DataTable
      className="admin-table"
      rows={tenants}
      rowKey={(tenant) => tenant._id}
      empty={<p className="admin-empty">No tenants configured</p>}
      columns={[
        {
          header: 'Tenant',
          kind: 'title',
          cell: (tenant) => (
            <div className="admin-tenant-name">
              <TenantLogo tenant={tenant} />
              <div>
                <Link to={`/admin/tenants/${tenant._id}`}>{tenant.name}</Link>
                <ColourDot colour={tenant.primaryColor} />
              </div>
            </div>
          ),
        },
        { header: 'Domain', className: 'wrap', cell: (tenant) => tenant.domain || '-' },
        { header: 'Bank Accounts', cell: (tenant) => tenant.bankAccounts.length },
        { header: 'Crypto Wallets', cell: (tenant) => tenant.cryptoWallets.length },
        { header: 'Created', className: 'wrap', cell: (tenant) => formatDateTime(tenant.createdAt) },
        {
          header: 'Actions',
          hiddenHeader: true,
          kind: 'actions',
          cell: (tenant) => (
            <div className="admin-actions" style={{ flexWrap: 'nowrap' }}>
              <Link className="btn secondary small" to={`/admin/tenants/${tenant._id}/edit`} aria-label={`Edit ${tenant.name}`}>
                Edit
              </Link>
              <button type="button" className="btn danger small" aria-label={`Delete ${tenant.name}`} onClick={() => onDelete(tenant)}>
                Delete
              </button>
            </div>
          ),
        },
      ]}
    />
  );
}
