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
}

/** Previous/next paging with a page size; shared by the customer's and the admin's lists. */
export function Pager({ page, size, total, label, onPage, onSize, sizes = PAGE_SIZES, sizeLabel = 'Per page' }: PagerProps) {
  const id = useId();
  const pages = pageCount(total, size);
  const from = total === 0 ? 0 : Math.min(total, (page - 1) * size + 1);
  const to = Math.min(total, page * size);
  return (
    <nav className="pager row space-between" aria-label={`${label} pages`}>
      <span className="muted">
        {from}–{to} of {total} {label}
      </span>
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
          Previous
        </button>
        <span aria-live="polite">
          Page {page} of {pages}
        </span>
        <button type="button" className="btn secondary small" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Next
        </button>
      </div>
    </nav>
  );
}
