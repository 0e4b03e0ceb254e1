import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format-date-time';
import type { Tenant } from './tenant-api';
import { ColourDot, TenantLogo } from './tenant-logo';

interface TenantsTableProps {
  tenants: Tenant[];
  onDelete: (tenant: Tenant) => void;
}

export function TenantsTable({ tenants, onDelete }: TenantsTableProps) {
  return (
    <div className="table-wrap">
      <table className="admin-table">
        <thead>
          <tr>
            <th scope="col">Tenant</th>
            <th scope="col">Domain</th>
            <th scope="col">Bank Accounts</th>
            <th scope="col">Crypto Wallets</th>
            <th scope="col">Created</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {tenants.map((tenant) => (
            <tr key={tenant._id}>
              <td>
                <div className="admin-tenant-name">
                  <TenantLogo tenant={tenant} />
                  <div>
                    <Link to={`/admin/tenants/${tenant._id}`}>{tenant.name}</Link>
                    <ColourDot colour={tenant.primaryColor} />
                  </div>
                </div>
              </td>
              <td className="wrap">{tenant.domain || '-'}</td>
              <td>{tenant.bankAccounts.length}</td>
              <td>{tenant.cryptoWallets.length}</td>
              <td className="wrap">{formatDateTime(tenant.createdAt)}</td>
              <td>
                <div className="admin-actions" style={{ flexWrap: 'nowrap' }}>
                  <Link className="btn secondary small" to={`/admin/tenants/${tenant._id}/edit`} aria-label={`Edit ${tenant.name}`}>
                    Edit
                  </Link>
                  <button type="button" className="btn danger small" aria-label={`Delete ${tenant.name}`} onClick={() => onDelete(tenant)}>
                    Delete
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
