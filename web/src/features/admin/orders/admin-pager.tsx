import { useId } from 'react';
import { pageCount } from '../../customer/orders/pager';
import { PAGE_SIZES } from './order-list-params';

interface AdminPagerProps {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
}

/** The server pages the admin list (the customer pager pages a list it already holds, with other sizes). */
export function AdminPager({ page, pageSize, total, onPage, onPageSize }: AdminPagerProps) {
  const id = useId();
  const pages = pageCount(total, pageSize);
  const from = total === 0 ? 0 : Math.min(total, (page - 1) * pageSize + 1);
  const to = Math.min(total, page * pageSize);
  return (
    <nav className="pager row space-between" aria-label="Order pages">
      <span className="muted">
        {from}–{to} of {total} orders
      </span>
      <div className="row">
        <label htmlFor={id}>Page size</label>
        <select id={id} value={pageSize} onChange={(e) => onPageSize(Number(e.target.value))}>
          {PAGE_SIZES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
        <button type="button" className="btn secondary small" disabled={page <= 1} onClick={() => onPage(Math.min(page - 1, pages))}>
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
