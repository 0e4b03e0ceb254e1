import { Fragment } from 'react';
import { NARROW_SCREEN, useMediaQuery } from '../lib/use-media-query';
import type { Column, DataTableProps, RecordListProps } from './data-table-columns';
import { RecordCards } from './record-cards';
import './data-table.css';

export type { Column, DataTableProps, Layout } from './data-table-columns';

/**
 * A list of records: on a laptop a table (a header row of column names, then a row per record, in a
 * scrolling wrapper, its actions column always in view); on a phone a card per record, each field
 * labelled and the actions as buttons at its foot, so nothing hides past the screen's edge.
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const narrow = useMediaQuery(NARROW_SCREEN);
  const { rows, columns, empty, layout = 'auto' } = props;
  if (rows.length === 0 && empty !== undefined) return <>{empty}</>;
  const shown = columns.filter((c): c is Column<Row> => c !== false);
  const cards = layout === 'cards' || (layout === 'auto' && narrow && rows.length > 0);
  return cards ? <RecordCards {...props} columns={shown} /> : <RecordTable {...props} columns={shown} />;
}

const cellClass = <Row,>(c: Column<Row>) => [c.className, c.kind === 'actions' && 'sticky-end'].filter(Boolean).join(' ') || undefined;

function RecordTable<Row>({ rows, columns, rowKey, className, label, rowClassName, below, onRowClick }: RecordListProps<Row>) {
  return (
    <div className="table-wrap">
      <table className={className} aria-label={label}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.header} scope="col" className={c.kind === 'actions' ? 'sticky-end' : undefined}>
                {c.heading ?? (c.hiddenHeader ? <span className="visually-hidden">{c.header}</span> : c.header)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <Fragment key={rowKey(row)}>
              <tr className={rowClassName?.(row)} onClick={onRowClick && ((event) => onRowClick(row, event))}>
                {columns.map((c) => {
                  const Cell = c.rowHeader ? 'th' : 'td';
                  return (
                    <Cell key={c.header} scope={c.rowHeader ? 'row' : undefined} className={cellClass(c)} title={c.title?.(row)}>
                      {c.cell(row, index)}
                    </Cell>
                  );
                })}
              </tr>
              {below?.(row, columns.length)}
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  );
}
