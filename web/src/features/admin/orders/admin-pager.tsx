import { Pager } from '../../../components/pager';
import { PAGE_SIZES } from './order-list-params';

interface AdminPagerProps {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
}

/** The admin list is paged by the server, with its own page sizes; the pager itself is shared. */
export function AdminPager({ page, pageSize, total, onPage, onPageSize }: AdminPagerProps) {
  return <Pager page={page} size={pageSize} total={total} label="orders" sizes={PAGE_SIZES} sizeLabel="Page size" onPage={onPage} onSize={onPageSize} />;
}
