import { useSearchParams } from 'react-router';
import { ORDER_STATUS_LABELS } from '@desk/machines/order/order-state';
import type { OrderSearch } from '../compliance-api';

export const STATUS_OPTIONS = [{ value: '', label: 'All' }, ...Object.entries(ORDER_STATUS_LABELS).map(([value, label]) => ({ value, label: String(label) }))];

export const PAGE_SIZES = [20, 50, 100] as const;
const DEFAULT_LIMIT = 20;

export interface OrderFilters {
  search: string;
  status: string;
  tenantId: string;
  /** ISO 8601; empty is now. */
  asOf: string;
}

export const NO_FILTERS: OrderFilters = { search: '', status: '', tenantId: '', asOf: '' };
const KEYS = ['search', 'status', 'tenantId', 'asOf'] as const;

const wholeAtLeast1 = (v: string | null) => (v && /^\d+$/.test(v) && Number(v) >= 1 ? Number(v) : null);

/**
 * The search, filters, as-of instant and page live in the address (?search=ORD-1&asOf=...), so a
 * link shows an auditor the same order book. The brand filter is kept only for officers who read
 * every brand (`byBrand`): a brand's officer is refused another brand anyway.
 */
export function useOrderSearchParams(byBrand: boolean) {
  const [params, setParams] = useSearchParams();
  const status = params.get('status') ?? '';
  const filters: OrderFilters = {
    search: params.get('search') ?? '',
    status: STATUS_OPTIONS.some((o) => o.value === status) ? status : '',
    tenantId: byBrand ? (params.get('tenantId') ?? '') : '',
    asOf: params.get('asOf') ?? '',
  };
  const page = wholeAtLeast1(params.get('page')) ?? 1;
  const requested = wholeAtLeast1(params.get('limit'));
  const limit = PAGE_SIZES.find((s) => s === requested) ?? DEFAULT_LIMIT;

  const query: OrderSearch = { page: String(page), limit: String(limit) };
  for (const key of KEYS) if (filters[key].trim()) query[key] = filters[key].trim();

  const write = (next: OrderFilters, nextPage: number, nextLimit: number) => {
    const out = new URLSearchParams();
    for (const key of KEYS) if (next[key].trim()) out.set(key, next[key].trim());
    if (nextPage > 1) out.set('page', String(nextPage));
    if (nextLimit !== DEFAULT_LIMIT) out.set('limit', String(nextLimit));
    setParams(out);
  };

  return {
    filters,
    page,
    limit,
    query,
    apply: (next: OrderFilters) => write(next, 1, limit),
    clear: () => write(NO_FILTERS, 1, limit),
    setPage: (next: number) => write(filters, next, limit),
    setLimit: (next: number) => write(filters, 1, next),
  };
}
