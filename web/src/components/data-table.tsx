import { Fragment, type MouseEvent, type ReactNode } from 'react';

export interface Column<Row> {
  /** The column's heading; also its key, so unique within a table. */
  header: string;
  /** A heading for screen readers only, e.g. over a column of buttons that name themselves. */
  hiddenHeader?: boolean;
  /** What the cell shows; `index` is the row's place in the table, for numbered rows. */
  cell: (row: Row, index: number) => ReactNode;
  /** The cell's class (nowrap, admin-mono...). */
  className?: string;
  /** A tooltip on the cell, e.g. the full address when the cell shows a short one. */
  title?: (row: Row) => string;
  /** The cell names its row (`<th scope="row">`), e.g. a projection's or a setting's name. */
  rowHeader?: boolean;
}

interface DataTableProps<Row> {
  rows: readonly Row[];
  /** `false` leaves a column out, e.g. Brand where the admin runs one brand. */
  columns: readonly (Column<Row> | false)[];
  rowKey: (row: Row) => string;
  /** Shown instead of the table when there are no rows; without it an empty table keeps its header. */
  empty?: ReactNode;
  className?: string;
  /** The table's accessible name, where a page holds several. */
  label?: string;
  rowClassName?: (row: Row) => string | undefined;
  /** A row of its own under a row (a message too long for a cell), told how many columns to span. */
  below?: (row: Row, columnCount: number) => ReactNode;
  /** A pointer shortcut on the whole row (open the record); a link or button in the row stays the way for keyboards. */
  onRowClick?: (row: Row, event: MouseEvent<HTMLTableRowElement>) => void;
}

/** A table of records: a header row of column names, then a row per record, in a scrolling wrapper. */
export function DataTable<Row>({ rows, columns, rowKey, empty, className, label, rowClassName, below, onRowClick }: DataTableProps<Row>) {
  if (rows.length === 0 && empty !== undefined) return <>{empty}</>;
  const shown = columns.filter((c): c is Column<Row> => c !== false);
  return (
    <div className="table-wrap">
      <table className={className} aria-label={label}>
        <thead>
          <tr>
            {shown.map((c) => (
              <th key={c.header} scope="col">
                {c.hiddenHeader ? <span className="visually-hidden">{c.header}</span> : c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <Fragment key={rowKey(row)}>
              <tr className={rowClassName?.(row)} onClick={onRowClick && ((event) => onRowClick(row, event))}>
                {shown.map((c) => {
                  const Cell = c.rowHeader ? 'th' : 'td';
                  return (
                    <Cell key={c.header} scope={c.rowHeader ? 'row' : undefined} className={c.className} title={c.title?.(row)}>
                      {c.cell(row, index)}
                    </Cell>
                  );
                })}
              </tr>
              {below?.(row, shown.length)}
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  );
}
