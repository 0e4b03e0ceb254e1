import { useSearchParams } from 'react-router';
import { ORDER_STATUS_LABELS } from '@desk/machines/order/order-state';
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

export const FILTER_KEYS = ['tenantId', 'type', 'status', 'awaiting', 'network', 'refCode', 'phone'] as const;
export type Filters = Record<(typeof FILTER_KEYS)[number], string>;
export const NO_FILTERS: Filters = { tenantId: '', type: '', status: '', awaiting: '', network: '', refCode: '', phone: '' };

type OrderType = NonNullable<OrderListQuery['type']>;
type OrderStatus = NonNullable<OrderListQuery['status']>;
const isType = (v: string): v is OrderType => TYPE_OPTIONS.some((o) => o.value === v);
const isStatus = (v: string): v is OrderStatus => STATUS_OPTIONS.some((o) => o.value === v);
const wholeAtLeast1 = (v: string | null) => (v && /^\d+$/.test(v) && Number(v) >= 1 ? Number(v) : null);

/**
 * The list's filters, page and page size live in the address (?status=pending&page=2), so a
 * shared link or a reload shows the same list. Values the server would refuse are dropped: the
 * brand filter too, unless `byBrand` (operator admins; a brand admin's list is their brand's).
 */
export function useOrderListParams(byBrand: boolean) {
  const [params, setParams] = useSearchParams();
  const type = params.get('type') ?? '';
  const status = params.get('status') ?? '';
  const filters: Filters = {
    tenantId: byBrand ? (params.get('tenantId') ?? '') : '',
    type: isType(type) ? type : '',
    status: isStatus(status) ? status : '',
    awaiting: params.get('awaiting') === 'confirmation' ? 'confirmation' : '',
    network: params.get('network') ?? '',
    refCode: params.get('refCode') ?? '',
    phone: params.get('phone') ?? '',
  };
  const page = wholeAtLeast1(params.get('page')) ?? 1;
  const size = wholeAtLeast1(params.get('pageSize'));
  const pageSize = PAGE_SIZES.find((s) => s === size) ?? DEFAULT_PAGE_SIZE;

  const query: OrderListQuery = { page: String(page), pageSize: String(pageSize) };
  if (isType(filters.type) && filters.type) query.type = filters.type;
  if (isStatus(filters.status) && filters.status) query.status = filters.status;
  if (filters.awaiting === 'confirmation') query.awaiting = 'confirmation';
  for (const key of ['tenantId', 'network', 'refCode', 'phone'] as const) if (filters[key].trim()) query[key] = filters[key].trim();

  // Defaults stay out of the address so the plain list keeps a plain link.
  const write = (next: Filters, nextPage: number, nextSize: number) => {
    const out = new URLSearchParams();
    for (const key of FILTER_KEYS) if (next[key].trim()) out.set(key, next[key].trim());
    if (nextPage > 1) out.set('page', String(nextPage));
    if (nextSize !== DEFAULT_PAGE_SIZE) out.set('pageSize', String(nextSize));
    setParams(out);
  };

  return {
    filters,
    page,
    pageSize,
    query,
    /** Changes whenever the list shown changes; selections and drafts start over with it. */
    listKey: params.toString(),
    applyFilters: (next: Filters) => write(next, 1, pageSize),
    clearFilters: () => write(NO_FILTERS, 1, pageSize),
    setPage: (next: number) => write(filters, next, pageSize),
    setPageSize: (next: number) => write(filters, 1, next),
  };
}
