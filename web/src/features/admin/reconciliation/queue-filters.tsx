import { useSearchParams } from 'react-router';
import { Field } from '../../../components/field';
import { BrandSelect } from '../tenants/brand-select';
import { useAdminScope } from '../use-admin-scope';
import type { BrandQuery } from './reconciliation-api';

/**
 * The brand an operator admin narrows a reconciliation list to (?tenantId=), and for the queue
 * money in or out (?direction=); a brand admin's lists are their brand's, so they get no brand choice.
 */
export function useQueueFilters() {
  const [params, setParams] = useSearchParams();
  const { operator } = useAdminScope();
  const tenantId = operator ? (params.get('tenantId') ?? '') : '';
  const raw = params.get('direction');
  const direction = raw === 'credit' || raw === 'debit' ? raw : '';
  const query: BrandQuery = { ...(tenantId ? { tenantId } : {}), ...(direction ? { direction } : {}) };
  const set = (key: string, value: string) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (value) updated.set(key, value);
      else updated.delete(key);
      return updated;
    });
  return { operator, tenantId, direction, query, setBrand: (id: string) => set('tenantId', id), setDirection: (value: string) => set('direction', value) };
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
