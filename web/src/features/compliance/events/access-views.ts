import type { ComplianceView } from '@desk/machines/compliance/compliance.events';

/** What an officer opened (ComplianceAccessed's `view`), in words, for the access trail's Event column. */
export const ACCESS_VIEWS: Readonly<Record<ComplianceView, string>> = {
  order_search: 'order search',
  order_book: 'order book as of an instant',
  order: 'an order as of an instant',
  order_replay: "an order's timeline",
  event_search: 'event log search',
  access_trail: 'access trail',
  export_created: 'export made',
  export_downloaded: 'export downloaded',
  desk_changes: 'desk changes',
  desk_change: 'a desk change',
  ledger_position: "a brand's daily position",
  ledger_export: "a brand's books (CSV)",
};

/** The view an access event names, in words; null for any other event. */
export function accessedView(type: string, data: unknown): string | null {
  if (type !== 'ComplianceAccessed' || !data || typeof data !== 'object') return null;
  const view = (data as { view?: unknown }).view;
  return typeof view === 'string' ? (ACCESS_VIEWS[view as ComplianceView] ?? view) : null;
}
