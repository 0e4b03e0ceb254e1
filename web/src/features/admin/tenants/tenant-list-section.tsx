import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { DataTable, type Column } from '../../../components/data-table';
import { ActiveSwitch } from './active-switch';

/** A bank account or wallet as the tenant's lists hold them: its place as _id, and whether it takes payments. */
type Entry = { _id: string; isActive: boolean };

interface TenantListSectionProps<Row extends Entry> {
  /** The heading, followed by the count: "Bank Accounts (2)". */
  title: string;
  /** The table's accessible name. */
  label: string;
  empty: string;
  add: { label: string; to: string };
  rows: readonly Row[];
  /** The entries' own columns, between the number and the Active switch. */
  columns: readonly Column<Row>[];
  /** Names an entry for its switch, e.g. "Bank 1 0011223344". */
  what: (row: Row) => string;
  saving: boolean;
  onToggle: (index: number) => void;
  children?: ReactNode;
}

/**
 * One of a tenant's lists on its page (bank accounts, crypto wallets): numbered as the server
 * addresses them, each switched on or off in place, with a link to add another.
 */
export function TenantListSection<Row extends Entry>({
  title,
  label,
  empty,
  add,
  rows,
  columns,
  what,
  saving,
  onToggle,
  children,
}: TenantListSectionProps<Row>) {
  const titleId = useId();
  return (
    <section className="card admin-section" aria-labelledby={titleId}>
      <div className="admin-head">
        <h2 id={titleId}>
          {title} ({rows.length})
        </h2>
        <Link className="btn secondary small" to={add.to}>
          {add.label}
        </Link>
      </div>
      <DataTable
        className="admin-table"
        label={label}
        rows={rows}
        rowKey={(row) => row._id}
        empty={<p className="admin-empty">{empty}</p>}
        columns={[
          { header: '#', cell: (_, index) => index + 1 },
          ...columns,
          {
            header: 'Active',
            cell: (row, index) => <ActiveSwitch active={row.isActive} what={what(row)} disabled={saving} onToggle={() => onToggle(index)} />,
          },
        ]}
      />
      {children}
    </section>
  );
}
