import { useSearchParams } from 'react-router';

/** How one filter is read from the address and written back to it. */
export interface UrlFilter<Value> {
  /** The value when the address holds none, or one the list does not take; never written to the address. */
  fallback: Value;
  /** The address's text as a value; undefined for text the list does not take. */
  parse: (raw: string) => Value | undefined;
  /** The value as the address holds it; '' leaves the key out. Plain text is trimmed. */
  format?: (value: Value) => string;
}

/** A list's filters, each by the address key it is kept under. */
export type UrlFilterSpec<Values> = { readonly [Key in keyof Values]: UrlFilter<Values[Key]> };

/** Free text (a reference, a phone, a search): any value, trimmed when written. */
export const textFilter = (): UrlFilter<string> => ({ fallback: '', parse: (raw) => raw });

/** One of a fixed set (a status, a type); anything else reads as `fallback`. */
export const choiceFilter = <Value extends string>(values: readonly Value[], fallback: Value): UrlFilter<Value> => ({
  fallback,
  parse: (raw) => values.find((value) => value === raw),
});

/**
 * A filter this reader may not use (a brand admin's brand choice): always `fallback`, whatever the
 * address says, and dropped from the address on the next change, as the server would refuse it anyway.
 */
export const unusedFilter = <Value>(fallback: Value): UrlFilter<Value> => ({ fallback, parse: () => undefined });

export interface UrlPaging {
  /** The page sizes offered; any other size in the address reads as `fallback`. */
  sizes: readonly number[];
  fallback: number;
  /** The size's address key: the server's own name for it. */
  key: 'pageSize' | 'limit';
}

const PAGE_KEY = 'page';
const wholeAtLeast1 = (raw: string | null) => (raw && /^\d+$/.test(raw) && Number(raw) >= 1 ? Number(raw) : null);
// A value left out (undefined) is written as none.
const written = <Value>(filter: UrlFilter<Value>, value: Value) => (value === undefined ? '' : filter.format ? filter.format(value) : String(value).trim());

/** Reads the values `spec` names from `params`: each value the list takes, else its fallback. */
export function readFilters<Values>(spec: UrlFilterSpec<Values>, params: URLSearchParams): Values {
  const values = {} as Values;
  for (const key of Object.keys(spec) as (keyof Values & string)[]) {
    const raw = params.get(key);
    values[key] = (raw === null ? undefined : spec[key].parse(raw)) ?? spec[key].fallback;
  }
  return values;
}

/**
 * The address for `values` at `page` and `size`: the spec's keys in its order, then page and size, then
 * whatever else the address held. A value at its fallback, page 1 and the default size are left out, so
 * the plain list keeps a plain link.
 */
export function writeFilters<Values>(
  spec: UrlFilterSpec<Values>,
  values: Values,
  page: number,
  size: number,
  paging: UrlPaging | undefined,
  current: URLSearchParams,
): URLSearchParams {
  const out = new URLSearchParams();
  for (const key of Object.keys(spec) as (keyof Values & string)[]) {
    const filter = spec[key];
    const text = written(filter, values[key]);
    if (text !== '' && text !== written(filter, filter.fallback)) out.set(key, text);
  }
  if (page > 1) out.set(PAGE_KEY, String(page));
  if (paging && size !== paging.fallback) out.set(paging.key, String(size));
  const own = new Set<string>([...Object.keys(spec), PAGE_KEY, ...(paging ? [paging.key] : [])]);
  current.forEach((value, key) => {
    if (!own.has(key)) out.append(key, value);
  });
  return out;
}

/**
 * A list's filters, page and page size kept in the address (?status=pending&page=2), so a reload or a
 * shared link shows the same list. Values the list does not take read as their fallback; defaults stay
 * out of the address; changing a filter or the page size starts again at page 1.
 */
export function useUrlFilters<Values>(spec: UrlFilterSpec<Values>, paging?: UrlPaging) {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(spec, params);
  const page = wholeAtLeast1(params.get(PAGE_KEY)) ?? 1;
  const asked = paging ? wholeAtLeast1(params.get(paging.key)) : null;
  const pageSize = paging ? (paging.sizes.find((size) => size === asked) ?? paging.fallback) : 0;
  const go = (values: Values, nextPage: number, nextSize: number) => setParams((current) => writeFilters(spec, values, nextPage, nextSize, paging, current));
  const defaults = readFilters(spec, new URLSearchParams());

  return {
    filters,
    page,
    /** The page size in force; 0 for a list that is not paged. */
    pageSize,
    /** The address as this list reads it; changes whenever the list shown changes (selections and drafts start over with it). */
    listKey: writeFilters(spec, filters, page, pageSize, paging, new URLSearchParams()).toString(),
    /** Changes some filters (the others stay) and goes back to page 1. */
    set: (patch: Partial<Values>) => go({ ...filters, ...patch }, 1, pageSize),
    /** Puts every filter at once (a form's Apply) and goes back to page 1. */
    apply: (next: Values) => go(next, 1, pageSize),
    /** Every filter back to its fallback, page 1; the page size stays. */
    clear: () => go(defaults, 1, pageSize),
    setPage: (next: number) => go(filters, next, pageSize),
    setPageSize: (next: number) => go(filters, 1, next),
  };
}
