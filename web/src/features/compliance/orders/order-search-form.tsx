import { Field } from '../../../components/field';
import { FilterButtons } from '../../../components/filter-buttons';
import { useFilterDraft } from '../../../components/use-filter-draft';
import { OptionsSelect } from '../../../components/options-select';
import { isoToLocal, localToIso, localZone } from '../ui/as-of';
import { NO_FILTERS, STATUS_OPTIONS, type OrderFilters } from './order-search-params';

interface OrderSearchFormProps {
  /** The filters in force (from the address); the form edits a draft until Search. */
  filters: OrderFilters;
  /** Offers the Brand filter: the brands the officer reads, by name (officers who read every brand). */
  brands: readonly { _id: string; name: string }[] | null;
  onApply: (filters: OrderFilters) => void;
  onClear: () => void;
}

export function OrderSearchForm({ filters, brands, onApply, onClear }: OrderSearchFormProps) {
  // The instant is picked in the browser's zone, and put in force as ISO.
  const { draft, set, submit, clear } = useFilterDraft({ ...filters, asOf: isoToLocal(filters.asOf) }, NO_FILTERS, {
    onApply: (typed) => onApply({ ...typed, asOf: localToIso(typed.asOf) }),
    onClear,
  });
  return (
    <form className="card compliance-filters" onSubmit={submit} aria-label="Order search">
      <div className="compliance-search">
        <Field label="Search" hint="Ref code, phone, UTR or crypto reference">
          <input type="search" value={draft.search} placeholder="ORD-..., +91..., UTR, 0x..." onChange={(e) => set('search')(e.target.value)} />
        </Field>
      </div>
      <Field label="Status">
        <OptionsSelect value={draft.status} options={STATUS_OPTIONS} onChange={set('status')} />
      </Field>
      {brands && (
        <Field label="Brand">
          <select value={draft.tenantId} onChange={(e) => set('tenantId')(e.target.value)}>
            <option value="">All brands</option>
            {withCurrent(brands, draft.tenantId).map((b) => (
              <option key={b._id} value={b._id}>
                {b.name}
              </option>
            ))}
          </select>
        </Field>
      )}
      <Field label="As of" hint={`Empty: now. To the second, your time zone (${localZone()})`}>
        <input type="datetime-local" step={1} value={draft.asOf} onChange={(e) => set('asOf')(e.target.value)} />
      </Field>
      <FilterButtons applyLabel="Search" className="compliance-filter-buttons" onClear={clear} />
    </form>
  );
}

/** The brand filtered by stays offered while the list loads (or once it was deleted). */
const withCurrent = (brands: readonly { _id: string; name: string }[], current: string) =>
  !current || brands.some((b) => b._id === current) ? brands : [...brands, { _id: current, name: current }];
