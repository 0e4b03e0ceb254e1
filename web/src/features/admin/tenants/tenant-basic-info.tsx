import type { ReactNode } from 'react';
import { formatDateTime } from '../../../lib/format-date-time';
import type { Tenant } from './tenant-api';
import { ColourDot } from './tenant-logo';

/** The tenant's profile as a two-column table: what it is called, where it is served, when it changed. */
export function TenantBasicInfo({ tenant }: { tenant: Tenant }) {
  const rows: [string, ReactNode][] = [
    ['Tenant ID', <span className="admin-mono">{tenant._id}</span>],
    ['Name', tenant.name],
    ['Domain', tenant.domain || '-'],
    ['Primary colour', <ColourDot colour={tenant.primaryColor} />],
    ['Logo', tenant.logoUrl ? 'Set' : 'None'],
    ['Bank accounts', `${tenant.bankAccounts.filter((b) => b.isActive).length} active of ${tenant.bankAccounts.length}`],
    ['Crypto wallets', `${tenant.cryptoWallets.filter((w) => w.isActive).length} active of ${tenant.cryptoWallets.length}`],
    ['Created', formatDateTime(tenant.createdAt)],
    ['Updated', formatDateTime(tenant.updatedAt)],
  ];
  return (
    <div className="table-wrap">
      <table className="admin-table" aria-label="Basic information">
        <tbody>
          {rows.map(([label, value]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
