import { useT } from '../../../i18n/use-t';
import { DataTable, type Column } from '../../../components/data-table';
import { formatDateTime } from '../../../lib/format-date-time';

export type SavedColumn<Row> = Column<Row>;

/** What every saved wallet and bank account has: an id, whether it is the default, when it was added. */
export interface SavedRow {
  _id: string;
  isDefault: boolean;
  createdAt: string;
}

interface SavedTableProps<Row extends SavedRow> {
  rows: readonly Row[];
  columns: readonly SavedColumn<Row>[];
  /** Shown when there is nothing saved yet. */
  empty: string;
  /** Names a row for screen readers, e.g. "TRC20 address TR7NHqje…jLj6t". */
  describe: (row: Row) => string;
  onEdit: (row: Row) => void;
  onDelete: (row: Row) => void;
  onMakeDefault: (row: Row) => void;
}

/** A customer's saved wallets or bank accounts: their own columns, then Default, Added and the actions. */
export function SavedTable<Row extends SavedRow>({ rows, columns, empty, describe, onEdit, onDelete, onMakeDefault }: SavedTableProps<Row>) {
  const t = useT();
  return (
    <DataTable
      rows={rows}
      rowKey={(row) => row._id}
      empty={<p className="muted">{empty}</p>}
      columns={[
        ...columns,
        {
          header: t('customer.saved.default'),
          cell: (row) =>
            row.isDefault ? (
              <span className="badge">{t('customer.saved.default')}</span>
            ) : (
              <button type="button" className="btn link" onClick={() => onMakeDefault(row)}>
                {t('customer.saved.makeDefault')}
              </button>
            ),
        },
        { header: t('customer.saved.added'), cell: (row) => formatDateTime(row.createdAt) },
        {
          header: t('customer.saved.actions'),
          kind: 'actions',
          cell: (row) => (
            <div className="row actions">
              <button
                type="button"
                className="btn secondary small"
                onClick={() => onEdit(row)}
                aria-label={t('customer.saved.editOf', { what: describe(row) })}
              >
                {t('customer.saved.edit')}
              </button>
              <button
                type="button"
                className="btn danger small"
                onClick={() => onDelete(row)}
                aria-label={t('customer.saved.deleteOf', { what: describe(row) })}
              >
                {t('customer.saved.delete')}
              </button>
            </div>
          ),
        },
      ]}
    />
  );
}
