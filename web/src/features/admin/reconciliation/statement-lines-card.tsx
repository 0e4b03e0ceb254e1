import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Loaded } from '../../../components/loaded';
import { Pager } from '../../../components/pager';
import { countOf } from './reconciliation-format';
import { reconciliationApi, reconciliationKeys, type LinesQuery } from './reconciliation-api';
import { StatementLinesTable } from './statement-lines-table';

export const LINE_PAGE_SIZES = [25, 50, 100, 200] as const;
const DEFAULT_SIZE = 50;
const wholeAtLeast1 = (v: string | null) => (v && /^\d+$/.test(v) && Number(v) >= 1 ? Number(v) : null);

/**
 * The account's statement lines, latest day first, paged by the server; the page and its size in
 * the address (?page=2&limit=100), so a reload or a shared link shows the same lines.
 */
export function StatementLinesCard({ accountId }: { accountId: string }) {
  const [params, setParams] = useSearchParams();
  const page = wholeAtLeast1(params.get('page')) ?? 1;
  const limit = LINE_PAGE_SIZES.find((size) => size === wholeAtLeast1(params.get('limit'))) ?? DEFAULT_SIZE;
  const query: LinesQuery = { page: String(page), limit: String(limit) };
  const lines = useQuery({
    queryKey: reconciliationKeys.lines(accountId, query),
    queryFn: () => reconciliationApi.lines(accountId, query),
    placeholderData: keepPreviousData,
  });
  // The count is read beside the page, not with it: right after an import it may lag the page it came with.
  const total = lines.data ? Math.max(lines.data.total, (page - 1) * limit + lines.data.lines.length) : null;
  const go = (next: { page?: number; limit?: number }) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      updated.set('page', String(next.page ?? 1));
      updated.set('limit', String(next.limit ?? limit));
      return updated;
    });
  return (
    <section className="card" aria-labelledby="lines-heading">
      <h2 id="lines-heading">Lines{total === null ? '' : ` (${countOf(total, 'line')})`}</h2>
      <Loaded query={lines} loading="Loading lines..." failed="Failed to load the lines">
        {(data) => (
          <>
            <StatementLinesTable lines={data.lines} />
            {total !== null && total > 0 && (
              <Pager
                page={page}
                size={limit}
                total={total}
                label="lines"
                sizes={LINE_PAGE_SIZES}
                onPage={(next) => go({ page: next })}
                onSize={(size) => go({ limit: size })}
              />
            )}
          </>
        )}
      </Loaded>
    </section>
  );
}
