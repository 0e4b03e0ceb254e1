import { ORDER_STATUS_LABELS } from '@desk/machines/order/order-state';
import { choiceFilter, textFilter, unusedFilter, useUrlFilters, type UrlFilterSpec, type UrlPaging } from '../../../lib/use-url-filters';
import type { OrderSearch } from '../compliance-api';

export const STATUS_OPTIONS = [{ value: '', label: 'All' }, ...Object.entries(ORDER_STATUS_LABELS).map(([value, label]) => ({ value, label: String(label) }))];

export const PAGE_SIZES = [20, 50, 100] as const;
const DEFAULT_LIMIT = 20;

const KEYS = ['search', 'status', 'tenantId', 'asOf'] as const;

export interface OrderFilters {
  search: string;
  status: string;
  tenantId: string;
  /** ISO 8601; empty is now. */
  asOf: string;
}

export const NO_FILTERS: OrderFilters = { search: '', status: '', tenantId: '', asOf: '' };

const filterSpec = (byBrand: boolean): UrlFilterSpec<OrderFilters> => ({
  search: textFilter(),
  status: choiceFilter(
    STATUS_OPTIONS.map((o) => o.value),
    '',
  ),
  tenantId: byBrand ? textFilter() : unusedFilter(''),
  asOf: textFilter(),
});
const PAGING: UrlPaging = { sizes: PAGE_SIZES, fallback: DEFAULT_LIMIT, key: 'limit' };

/**
 * The search, filters, as-of instant and page live in the address (?search=ORD-1&asOf=...), so a
 * link shows an auditor the same order book (lib/use-url-filters). The brand filter is kept only for
 * officers who read every brand (`byBrand`): a brand's officer is refused another brand anyway.
 */
export function useOrderSearchParams(byBrand: boolean) {
  const list = useUrlFilters(filterSpec(byBrand), PAGING);
  const { filters, page } = list;
  const query: OrderSearch = { page: String(page), limit: String(list.pageSize) };
  for (const key of KEYS) if (filters[key].trim()) query[key] = filters[key].trim();

  return {
    filters,
    page,
    limit: list.pageSize,
    query,
    apply: list.apply,
    clear: list.clear,
    setPage: list.setPage,
    setLimit: list.setPageSize,
  };
}
