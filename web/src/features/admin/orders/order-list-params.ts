import { ORDER_STATUS_LABELS } from '@desk/machines/order/order-state';
import { choiceFilter, textFilter, unusedFilter, useUrlFilters, type UrlFilterSpec, type UrlPaging } from '../../../lib/use-url-filters';
import type { OrderListQuery } from '../admin-api';

export const TYPE_OPTIONS = [
  { value: '', label: 'All' },
  { value: 'fiat_to_crypto', label: 'Fiat→Crypto' },
  { value: 'crypto_to_fiat', label: 'Crypto→Fiat' },
] as const;

// The three the specification names first, then the lifecycle's other statuses.
const STATUSES = ['pending', 'completed', 'rejected', 'fiat_received', 'approved', 'crypto_sent', 'cancelled', 'expired'] as const;
export const STATUS_OPTIONS = [{ value: '', label: 'All' }, ...STATUSES.map((value) => ({ value, label: ORDER_STATUS_LABELS[value] }))];

/** Four eyes: completions waiting for a second admin. */
export const AWAITING_OPTIONS = [
  { value: '', label: 'All' },
  { value: 'confirmation', label: 'Awaiting second admin' },
] as const;

export const PAGE_SIZES = [25, 50, 100, 200] as const;
export const DEFAULT_PAGE_SIZE = 50;

export type Filters = Record<'tenantId' | 'type' | 'status' | 'awaiting' | 'network' | 'refCode' | 'phone', string>;
export const NO_FILTERS: Filters = { tenantId: '', type: '', status: '', awaiting: '', network: '', refCode: '', phone: '' };

type OrderType = NonNullable<OrderListQuery['type']>;
type OrderStatus = NonNullable<OrderListQuery['status']>;
const isType = (v: string): v is OrderType => TYPE_OPTIONS.some((o) => o.value === v);
const isStatus = (v: string): v is OrderStatus => STATUS_OPTIONS.some((o) => o.value === v);
const values = (options: readonly { value: string }[]) => options.map((o) => o.value);

/** The address keys in the order they are written; the brand only for operator admins (`byBrand`). */
const filterSpec = (byBrand: boolean): UrlFilterSpec<Filters> => ({
  tenantId: byBrand ? textFilter() : unusedFilter(''),
  type: choiceFilter(values(TYPE_OPTIONS), ''),
  status: choiceFilter(values(STATUS_OPTIONS), ''),
  awaiting: choiceFilter(values(AWAITING_OPTIONS), ''),
  network: textFilter(),
  refCode: textFilter(),
  phone: textFilter(),
});
const PAGING: UrlPaging = { sizes: PAGE_SIZES, fallback: DEFAULT_PAGE_SIZE, key: 'pageSize' };

/**
 * The list's filters, page and page size live in the address (?status=pending&page=2), so a
 * shared link or a reload shows the same list (lib/use-url-filters). Values the server would refuse
 * are dropped: the brand filter too, unless `byBrand` (operator admins; a brand admin's list is their brand's).
 */
export function useOrderListParams(byBrand: boolean) {
  const list = useUrlFilters(filterSpec(byBrand), PAGING);
  const { filters, page, pageSize } = list;
  const query: OrderListQuery = { page: String(page), pageSize: String(pageSize) };
  if (isType(filters.type) && filters.type) query.type = filters.type;
  if (isStatus(filters.status) && filters.status) query.status = filters.status;
  if (filters.awaiting === 'confirmation') query.awaiting = 'confirmation';
  for (const key of ['tenantId', 'network', 'refCode', 'phone'] as const) if (filters[key].trim()) query[key] = filters[key].trim();

  return {
    filters,
    page,
    pageSize,
    query,
    /** Changes whenever the list shown changes; selections and drafts start over with it. */
    listKey: list.listKey,
    applyFilters: list.apply,
    clearFilters: list.clear,
    setPage: list.setPage,
    setPageSize: list.setPageSize,
  };
}
