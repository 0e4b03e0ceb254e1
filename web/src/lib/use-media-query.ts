import { useCallback, useSyncExternalStore } from 'react';

/**
 * Below this width a list of records reads as cards, one per record (components/data-table.tsx): a
 * phone (390 px) and a small tablet; from 768 px a table has room for its columns.
 */
export const NARROW_SCREEN = '(max-width: 767.98px)';

/**
 * Whether the media query matches now, following the window as it changes (a phone turned, a window
 * resized). Where there is no `matchMedia` (server rendering, an old test window) it says no, so the
 * wide layout is the default.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (changed: () => void) => {
      if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', changed);
      return () => list.removeEventListener('change', changed);
    },
    [query],
  );
  const matches = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
  return useSyncExternalStore(subscribe, matches, () => false);
}
