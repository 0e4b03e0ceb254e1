import { deskDay } from '@desk/machines/ledger/desk-day';
import { textFilter, useUrlFilters } from '../../lib/use-url-filters';
import type { BooksQuery } from './ledger-api';

const BOOKS_FILTERS = { tenantId: textFilter(), day: textFilter() };

/**
 * The brand and day the Books screen shows, kept in the address (?tenantId=&day=) so a position can
 * be linked and reloaded; no day is today (India's, as the desk's days are), no brand the reader's own.
 */
export function useBooksParams() {
  const { filters, set } = useUrlFilters(BOOKS_FILTERS);
  const today = deskDay(new Date())!;
  const { tenantId, day } = filters;
  const query: BooksQuery = { ...(tenantId ? { tenantId } : {}), ...(day ? { day } : {}) };
  return { today, tenantId, day: day || today, query, setBrand: (id: string) => set({ tenantId: id }), setDay: (value: string) => set({ day: value }) };
}
