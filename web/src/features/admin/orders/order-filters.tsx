import { Field } from '../../../components/field';
import { FilterButtons } from '../../../components/filter-buttons';
import { useFilterDraft } from '../../../components/use-filter-draft';
import { OptionsSelect } from '../../../components/options-select';
import { BrandSelect } from '../tenants/brand-select';
import { AWAITING_OPTIONS, NO_FILTERS, STATUS_OPTIONS, TYPE_OPTIONS, type Filters } from './order-list-params';

interface OrderFiltersProps {
  /** The filters in force (from the address); the form edits a draft until Apply Filters. */
  filters: Filters;
  /** Offers the Brand filter (operator admins). */
  byBrand: boolean;
  onApply: (filters: Filters) => void;
  onClear: () => void;
}

const TEXT_FIELDS = [
  { key: 'network', label: 'Network', placeholder: 'e.g. TRC20' },
  { key: 'refCode', label: 'Ref Code', placeholder: 'e.g. ORD-1A2B' },
  { key: 'phone', label: 'Phone', placeholder: '+91...' },
] as const;

export function OrderFilters({ filters, byBrand, onApply, onClear }: OrderFiltersProps) {
  const { draft, set, submit, clear } = useFilterDraft(filters, NO_FILTERS, { onApply, onClear });
  return (
    <form className="card admin-filters" onSubmit={submit} aria-label="Order filters">
      {byBrand && (
        <Field label="Brand">
          <BrandSelect value={draft.tenantId} onChange={set('tenantId')} allLabel="All brands" />
        </Field>
      )}
      <Field label="Type">
        <OptionsSelect value={draft.type} options={TYPE_OPTIONS} onChange={set('type')} />
      </Field>
      <Field label="Status">
        <OptionsSelect value={draft.status} options={STATUS_OPTIONS} onChange={set('status')} />
      </Field>
      <Field label="Four eyes">
        <OptionsSelect value={draft.awaiting} options={AWAITING_OPTIONS} onChange={set('awaiting')} />
      </Field>
      {TEXT_FIELDS.map((f) => (
        <Field key={f.key} label={f.label}>
          <input type={f.key === 'phone' ? 'tel' : 'text'} value={draft[f.key]} placeholder={f.placeholder} onChange={(e) => set(f.key)(e.target.value)} />
        </Field>
      ))}
      <FilterButtons applyLabel="Apply Filters" className="admin-filter-buttons" onClear={clear} />
    </form>
  );
}
