import { useInfiniteQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { EventPage } from '../compliance-api';
import type { EventFilterKey, EventFilterValues } from './event-filters';

/**
 * A log read newest first, a page at a time: "Load older" asks for the events before the last
 * page's cursor (`nextBefore`). The filters live in the address, so a link shows the same log.
 */
export function useEventLog(name: 'events' | 'access', keys: readonly EventFilterKey[], load: (query: Record<string, string>) => Promise<EventPage>) {
  const [params, setParams] = useSearchParams();
  const filters: EventFilterValues = {};
  for (const key of keys) {
    const value = params.get(key);
    if (value) filters[key] = value;
  }
  const log = useInfiniteQuery({
    queryKey: ['compliance', name, filters],
    queryFn: ({ pageParam }) => load({ ...(filters as Record<string, string>), ...(pageParam ? { before: pageParam } : {}) }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  });
  const apply = (next: EventFilterValues) => {
    const out = new URLSearchParams();
    for (const key of keys) if (next[key]) out.set(key, next[key]);
    setParams(out);
  };
  return { filters, apply, log, events: log.data?.pages.flatMap((p) => p.events) ?? [] };
}
