import type { ReactNode } from 'react';
import type { Column, RecordListProps } from './data-table-columns';

type Part = 'lead' | 'title' | 'field' | 'actions';
/** A column with no visible heading names itself (a toggle, a button): it leads the card, beside the row's checkbox, unlabelled. */
const partOf = <Row,>(c: Column<Row>): Part => {
  if (c.kind === 'select') return 'lead';
  if (c.kind) return c.kind;
  return c.rowHeader ? 'title' : c.hiddenHeader ? 'lead' : 'field';
};

/**
 * The phone's form of a DataTable: a list with a card per record. The row's checkbox and its name
 * head the card, every other column is a labelled line, and the row's buttons sit at its foot in
 * full view. A heading that acts on every row (select all) comes first, above the cards.
 */
export function RecordCards<Row>({ rows, columns, rowKey, className, label, rowClassName, below, onRowClick }: RecordListProps<Row>) {
  const of = (part: Part) => columns.filter((c) => partOf(c) === part);
  const [lead, title, fields, actions] = [of('lead'), of('title'), of('field'), of('actions')];
  const headings = columns.filter((c) => c.heading !== undefined);
  const cell = (c: Column<Row>, row: Row, index: number, wrap: (content: ReactNode) => ReactNode = (x) => x) => (
    <div key={c.header} className={c.className} title={c.title?.(row)}>
      {wrap(c.cell(row, index))}
    </div>
  );
  return (
    <div className={['record-cards', className].filter(Boolean).join(' ')}>
      {headings.length > 0 && (
        <div className="record-cards-head">
          {headings.map((c) => (
            <label key={c.header} className="check">
              {c.heading} {c.header}
            </label>
          ))}
        </div>
      )}
      <ul aria-label={label}>
        {rows.map((row, index) => {
          const extra = below?.(row, 1);
          return (
            <li
              key={rowKey(row)}
              className={['record-card', rowClassName?.(row)].filter(Boolean).join(' ')}
              onClick={onRowClick && ((event) => onRowClick(row, event))}
            >
              {(lead.length > 0 || title.length > 0) && (
                <div className="record-card-head">
                  {lead.map((c) => cell(c, row, index))}
                  {title.map((c) => cell(c, row, index, (content) => <strong>{content}</strong>))}
                </div>
              )}
              {fields.length > 0 && (
                <dl className="record-card-fields">
                  {fields.map((c) => (
                    <div key={c.header} className={c.className} title={c.title?.(row)}>
                      <dt>{c.header}</dt>
                      <dd>{c.cell(row, index)}</dd>
                    </div>
                  ))}
                </dl>
              )}
              {actions.length > 0 && <div className="record-card-actions">{actions.map((c) => cell(c, row, index))}</div>}
              {/* A note under the row, written as table rows (DataTable's `below`): kept in a table of its own. */}
              {extra ? (
                <table className="record-card-below">
                  <tbody>{extra}</tbody>
                </table>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
