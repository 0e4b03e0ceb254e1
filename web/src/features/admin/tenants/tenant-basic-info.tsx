import type { ReactNode } from 'react';
import { formatDateTime } from '../../../lib/format-date-time';
import { ShortValue } from '../../../components/short-value';
import type { Tenant } from './tenant-api';
import { ColourDot } from './tenant-logo';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <tr>
      <th scope="row">{label}</th>
      <td>{children}</td>
    </tr>
  );
}

/** The tenant's profile as a two-column table: what it is called, where it is served, when it changed. */
export function TenantBasicInfo({ tenant }: { tenant: Tenant }) {
  return (
    <div className="table-wrap">
      <table className="admin-table" aria-label="Basic information">
        <tbody>
          <Row label="Tenant ID">
            <ShortValue value={tenant._id} what="Tenant ID" />
          </Row>
          <Row label="Name">{tenant.name}</Row>
          <Row label="Domain">{tenant.domain || '-'}</Row>
          <Row label="Primary colour">
            <ColourDot colour={tenant.primaryColor} />
          </Row>
          <Row label="Logo">{tenant.logoUrl ? 'Set' : 'None'}</Row>
          <Row label="Bank accounts">{`${tenant.bankAccounts.filter((b) => b.isActive).length} active of ${tenant.bankAccounts.length}`}</Row>
          <Row label="Crypto wallets">{`${tenant.cryptoWallets.filter((w) => w.isActive).length} active of ${tenant.cryptoWallets.length}`}</Row>
          <Row label="Created">{formatDateTime(tenant.createdAt)}</Row>
          <Row label="Updated">{formatDateTime(tenant.updatedAt)}</Row>
        </tbody>
      </table>
    </div>
  );
}
