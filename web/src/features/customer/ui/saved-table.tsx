import type { ReactNode } from 'react';
import { formatDateTime } from '../../../lib/format-date-time';

export interface SavedColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
}

interface SavedTableProps<Row extends { _id: string; isDefault: boolean; createdAt: string }> {
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
export function SavedTable<Row extends { _id: string; isDefault: boolean; createdAt: string }>({ rows, columns, empty, describe, onEdit, onDelete, onMakeDefault }: SavedTableProps<Row>) {
  if (rows.length === 0) return <p className="muted">{empty}</p>;
  return (
    <div className="table-wrap">
      <table>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.header}>{c.header}</th>
            ))}
            <th>Default</th>
            <th>Added</th>
            <th>Actions</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row._id}>
              {columns.map((c) => (
                <td key={c.header}>{c.cell(row)}</td>
              ))}
              <td>
                {row.isDefault ? (
                  <span className="badge">Default</span>
                ) : (
                  <button type="button" className="btn link" onClick={() => onMakeDefault(row)}>
                    Make default
                  </button>
                )}
              </td>
              <td>{formatDateTime(row.createdAt)}</td>
              <td>
                <div className="row actions">
                  <button type="button" className="btn secondary small" onClick={() => onEdit(row)} aria-label={`Edit ${describe(row)}`}>
                    Edit
                  </button>
                  <button type="button" className="btn danger small" onClick={() => onDelete(row)} aria-label={`Delete ${describe(row)}`}>
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
