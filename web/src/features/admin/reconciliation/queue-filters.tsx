import { Field } from '../../../components/field';
import { choiceFilter, textFilter, unusedFilter, useUrlFilters } from '../../../lib/use-url-filters';
import { BrandSelect } from '../tenants/brand-select';
import { useAdminScope } from '../use-admin-scope';
import type { BrandQuery } from './reconciliation-api';

/**
 * The brand an operator admin narrows a reconciliation list to (?tenantId=), and for the queue
 * money in or out (?direction=); a brand admin's lists are their brand's, so they get no brand choice.
 */
export function useQueueFilters() {
  const { operator } = useAdminScope();
  const { filters, set } = useUrlFilters({
    tenantId: operator ? textFilter() : unusedFilter(''),
    direction: choiceFilter(['', 'credit', 'debit'] as const, ''),
  });
  const { tenantId, direction } = filters;
  const query: BrandQuery = { ...(tenantId ? { tenantId } : {}), ...(direction ? { direction } : {}) };
  return {
    operator,
    tenantId,
    direction,
    query,
    setBrand: (id: string) => set({ tenantId: id }),
    setDirection: (value: string) => set({ direction: value === 'credit' || value === 'debit' ? value : '' }),
  };
}

type QueueFilters = ReturnType<typeof useQueueFilters>;

/** The filters' fields: the brand (operator admins), and money in or out where the list has both. */
export function QueueFilterFields({ filters, withDirection }: { filters: QueueFilters; withDirection: boolean }) {
  return (
    <>
      {filters.operator && (
        <Field label="Brand">
          <BrandSelect value={filters.tenantId} onChange={filters.setBrand} allLabel="All brands" />
        </Field>
      )}
      {withDirection && (
        <Field label="Money">
          <select value={filters.direction} onChange={(event) => filters.setDirection(event.target.value)}>
            <option value="">Money in and out</option>
            <option value="credit">Money in (customers paying)</option>
            <option value="debit">Money out (payouts)</option>
          </select>
        </Field>
      )}
    </>
  );
}
