import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Loaded } from '../../../components/loaded';
import { Pager } from '../../../components/pager';
import { choiceFilter, useUrlFilters, type UrlFilterSpec } from '../../../lib/use-url-filters';
import { countOf } from './reconciliation-format';
import { reconciliationApi, reconciliationKeys, type LinesQuery } from './reconciliation-api';
import { StatementLinesTable } from './statement-lines-table';
import { LINE_DIRECTIONS, LINE_STATES, StatementLinesFilters, type LineDirection, type LineState } from './statement-lines-filters';

export const LINE_PAGE_SIZES = [25, 50, 100, 200] as const;
const DEFAULT_SIZE = 50;
const CATCH_UP_MS = 1_000;
const FILTERS: UrlFilterSpec<{ state: LineState; direction: LineDirection }> = {
  state: choiceFilter(
    LINE_STATES.map((option) => option.value),
    'all',
  ),
  direction: choiceFilter(
    LINE_DIRECTIONS.map((option) => option.value),
    '',
  ),
};

/**
 * The account's statement lines, latest day first, paged by the server, filtered by what became of
 * them and by money in or out; the filters, page and size in the address (?state=unmatched&page=2),
 * so a reload or a shared link shows the same lines.
 */
export function StatementLinesCard({ accountId }: { accountId: string }) {
  const list = useUrlFilters(FILTERS, { sizes: LINE_PAGE_SIZES, fallback: DEFAULT_SIZE, key: 'limit' });
  const { page, pageSize: limit } = list;
  const { state, direction } = list.filters;
  const query: LinesQuery = { page: String(page), limit: String(limit), state, ...(direction ? { direction } : {}) };
  // The imports say how many lines the account holds; until the read model lists them all (a second
  // or so after an import) the lines are asked for again each second.
  const imports = useQuery({ queryKey: reconciliationKeys.statements(accountId), queryFn: () => reconciliationApi.statements(accountId) });
  const held = imports.data?.reduce((sum, row) => sum + row.newLineCount, 0) ?? 0;
  const lines = useQuery({
    queryKey: reconciliationKeys.lines(accountId, query),
    queryFn: () => reconciliationApi.lines(accountId, query),
    placeholderData: keepPreviousData,
    refetchInterval: (current) => (state === 'all' && !direction && (current.state.data?.total ?? 0) < held ? CATCH_UP_MS : false),
  });
  // The count is read beside the page, not with it: right after an import it may lag the page it came with.
  const total = lines.data ? Math.max(lines.data.total, (page - 1) * limit + lines.data.lines.length) : null;
  return (
    <section className="card" aria-labelledby="lines-heading">
      <div className="row space-between">
        <h2 id="lines-heading">Lines{total === null ? '' : ` (${countOf(total, 'line')})`}</h2>
        <StatementLinesFilters state={state} direction={direction} onChange={list.set} />
      </div>
      <Loaded query={lines} loading="Loading lines..." failed="Failed to load the lines">
        {(data) => (
          <>
            <StatementLinesTable lines={data.lines} filtered={state !== 'all' || direction !== ''} />
            {total !== null && total > 0 && (
              <Pager page={page} size={limit} total={total} label="lines" sizes={LINE_PAGE_SIZES} onPage={list.setPage} onSize={list.setPageSize} />
            )}
          </>
        )}
      </Loaded>
    </section>
  );
}
