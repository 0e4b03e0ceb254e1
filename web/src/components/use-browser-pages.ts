import { useState } from 'react';
import { pageCount } from './pager';

/**
 * Paging of a list the browser already holds: the rows of the current page and what the Pager
 * needs. A new page size starts again at page 1.
 */
export function useBrowserPages<T>(list: readonly T[], initialSize: number) {
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(initialSize);
  // The list may shrink under the pager (a refresh): never show a page past the end.
  const current = Math.min(page, pageCount(list.length, size));
  return {
    shown: list.slice((current - 1) * size, current * size),
    pager: {
      page: current,
      size,
      total: list.length,
      onPage: setPage,
      onSize: (next: number) => {
        setSize(next);
        setPage(1);
      },
    },
  };
}
