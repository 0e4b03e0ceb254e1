import { useId } from 'react';

export const PAGE_SIZES = [10, 25, 50, 100] as const;

/** Total pages is ceil(total / size), at least 1, so an empty list still reads "Page 1 of 1". */
export const pageCount = (total: number, size: number) => Math.max(1, Math.ceil(total / size));

interface PagerProps {
  page: number;
  size: number;
  total: number;
  /** What is counted, e.g. "orders". */
  label: string;
  onPage: (page: number) => void;
  onSize: (size: number) => void;
  /** The page sizes offered (the customer's list is paged here, the admin's by the server). */
  sizes?: readonly number[];
  sizeLabel?: string;
  /** The pager's words in the page's language (English by default). */
  words?: PagerWords;
}

/** What the pager says: the range shown, the page, the buttons, and its landmark's name. */
export interface PagerWords {
  range: (from: number, to: number, total: number) => string;
  page: (page: number, pages: number) => string;
  previous: string;
  next: string;
  nav: string;
}

const englishWords = (label: string): PagerWords => ({
  range: (from, to, total) => `${from}–${to} of ${total} ${label}`,
  page: (page, pages) => `Page ${page} of ${pages}`,
  previous: 'Previous',
  next: 'Next',
  nav: `${label} pages`,
});

/** Previous/next paging with a page size; shared by the customer's and the admin's lists. */
export function Pager({ page, size, total, label, onPage, onSize, sizes = PAGE_SIZES, sizeLabel = 'Per page', words = englishWords(label) }: PagerProps) {
  const id = useId();
  const pages = pageCount(total, size);
  const from = total === 0 ? 0 : Math.min(total, (page - 1) * size + 1);
  const to = Math.min(total, page * size);
  return (
    <nav className="pager row space-between" aria-label={words.nav}>
      <span className="muted">{words.range(from, to, total)}</span>
      <div className="row">
        <label htmlFor={id}>{sizeLabel}</label>
        <select id={id} value={size} onChange={(e) => onSize(Number(e.target.value))}>
          {sizes.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
        <button type="button" className="btn secondary small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          {words.previous}
        </button>
        <span aria-live="polite">{words.page(page, pages)}</span>
        <button type="button" className="btn secondary small" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          {words.next}
        </button>
      </div>
    </nav>
  );
}
