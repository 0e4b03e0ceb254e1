import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { DataTable, type Column } from '../../../components/data-table';
import { ActiveSwitch } from './active-switch';
import type { Tenant } from './tenant-api';
import { tenantListText, type TenantListName } from './tenant-lists';

interface TenantListSectionProps<List extends TenantListName> {
  tenant: Tenant;
  list: List;
  /** The entries' own columns, between the number and the Active switch. */
  columns: readonly Column<Tenant[List][number]>[];
  /** Names an entry for its switch, e.g. "Bank 1 0011223344". */
  what: (entry: Tenant[List][number]) => string;
  saving: boolean;
  onToggle: (index: number) => void;
  children?: ReactNode;
}

/**
 * One of a tenant's lists on its page (bank accounts, crypto wallets): numbered as the server
 * addresses them, each switched on or off in place, with a link to add another.
 */
export function TenantListSection<List extends TenantListName>({ tenant, list, columns, what, saving, onToggle, children }: TenantListSectionProps<List>) {
  const titleId = useId();
  const text = tenantListText(tenant, list);
  const entries: readonly Tenant[List][number][] = tenant[list];
  return (
    <section className="card admin-section" aria-labelledby={titleId}>
      <div className="admin-head">
        <h2 id={titleId}>{text.heading}</h2>
        <Link className="btn secondary small" to={text.addTo}>
          + {text.one}
        </Link>
      </div>
      <DataTable
        className="admin-table"
        label={text.name}
        rows={entries}
        rowKey={(entry) => entry._id}
        empty={<p className="admin-empty">{text.empty}</p>}
        columns={[
          { header: '#', cell: (_, index) => index + 1 },
          ...columns,
          {
            header: 'Active',
            cell: (entry, index) => <ActiveSwitch active={entry.isActive} what={what(entry)} disabled={saving} onToggle={() => onToggle(index)} />,
          },
        ]}
      />
      {children}
    </section>
  );
}
