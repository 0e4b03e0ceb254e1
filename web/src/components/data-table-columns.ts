import type { MouseEvent, ReactNode } from 'react';

/** The shape of a DataTable (data-table.tsx) and of its phone form (record-cards.tsx). */

export interface Column<Row> {
  /** The column's heading; also its key, so unique within a table. */
  header: string;
  /** A heading for screen readers only, e.g. over a column of buttons that name themselves. */
  hiddenHeader?: boolean;
  /**
   * What the heading cell shows instead of its name, e.g. a checkbox that selects every row; on a
   * phone it sits above the cards, beside the column's name.
   */
  heading?: ReactNode;
  /** What the cell shows; `index` is the row's place in the table, for numbered rows. */
  cell: (row: Row, index: number) => ReactNode;
  /** The cell's class (nowrap, admin-mono...). */
  className?: string;
  /** A tooltip on the cell, e.g. the full address when the cell shows a short one. */
  title?: (row: Row) => string;
  /** The cell names its row (`<th scope="row">`), e.g. a projection's or a setting's name; it heads the row's card on a phone. */
  rowHeader?: boolean;
  /**
   * What the column is to a row, which decides where it goes. `title` heads the row's card on a
   * phone (as a row header does); `select` is the row's checkbox, before the title; `actions` holds
   * the row's buttons: on a laptop the column stays on screen at the table's right edge however wide
   * the table, and on a phone the buttons sit at the foot of the card, unlabelled, as buttons.
   */
  kind?: 'title' | 'select' | 'actions';
}

export type Layout = 'auto' | 'table' | 'cards';

export interface DataTableProps<Row> {
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
  onRowClick?: (row: Row, event: MouseEvent<HTMLElement>) => void;
  /** `auto` (the default): cards on a narrow screen (lib/use-media-query.ts), a table from 768 px. */
  layout?: Layout;
}

/** What each of a DataTable's two forms is given: the columns left in. */
export type RecordListProps<Row> = Omit<DataTableProps<Row>, 'columns'> & { columns: readonly Column<Row>[] };
