import { useInfiniteQuery } from '@tanstack/react-query';
import { textFilter, useUrlFilters, type UrlFilterSpec } from '../../../lib/use-url-filters';
import type { EventPage } from '../compliance-api';
import type { EventFilterKey, EventFilterValues } from './event-filters';

/**
 * A log read newest first, a page at a time: "Load older" asks for the events before the last
 * page's cursor (`nextBefore`). The filters live in the address, so a link shows the same log.
 */
export function useEventLog(name: 'events' | 'access', keys: readonly EventFilterKey[], load: (query: Record<string, string>) => Promise<EventPage>) {
  const spec = Object.fromEntries(keys.map((key) => [key, textFilter()])) as UrlFilterSpec<EventFilterValues>;
  const list = useUrlFilters(spec);
  // Only the filters given: the query key and the call stay the same whichever are offered.
  const filters: EventFilterValues = Object.fromEntries(Object.entries(list.filters).filter(([, value]) => value));
  const log = useInfiniteQuery({
    queryKey: ['compliance', name, filters],
    queryFn: ({ pageParam }) => load({ ...(filters as Record<string, string>), ...(pageParam ? { before: pageParam } : {}) }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  });
  return { filters, apply: list.apply, log, events: log.data?.pages.flatMap((p) => p.events) ?? [] };
}
