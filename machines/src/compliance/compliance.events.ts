/**
 * Compliance staff's own trail: everything they open is recorded, on the stream `access-<userId>`,
 * with the usual metadata (who, when, from where). What they opened is in the data.
 */
export const COMPLIANCE_ACCESSED = 'ComplianceAccessed';

export type ComplianceView =
  | 'order_search'
  | 'order_book'
  | 'order'
  | 'order_replay'
  | 'event_search'
  | 'access_trail'
  | 'export_created'
  | 'export_downloaded'
  /** Changes to the desk's rules: the list, and one change (decision 0030). */
  | 'desk_changes'
  | 'desk_change'
  /** The desk's books: a brand's daily position, and its entries exported as CSV (docs/ledger.md). */
  | 'ledger_position'
  | 'ledger_export';

export interface ComplianceAccessed {
  view: ComplianceView;
  /** The order opened, for order views. */
  orderId?: string;
  /** The export made or downloaded. */
  exportId?: string;
  /** The change to the desk's rules opened. */
  changeId?: string;
  /** The filters and times asked for, as given. */
  query?: Record<string, string>;
  /** How many results were shown (events, orders). */
  resultCount?: number;
}
