import type { SelectHTMLAttributes } from 'react';
import { useTenants } from './tenant-queries';

type BrandSelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange'> & {
  /** A tenant id, or '' for every brand (with `allLabel`). */
  value: string;
  onChange: (tenantId: string) => void;
  /** Offers "every brand" as '' under this label; without it a brand must be chosen. */
  allLabel?: string;
};

/** The operator's brands (tenants) to choose from; Field passes the id and descriptions through. */
export function BrandSelect({ value, onChange, allLabel, ...select }: BrandSelectProps) {
  const tenants = useTenants();
  const brands = tenants.data?.tenants ?? [];
  // A brand from the address before the list is in (or one deleted since) still reads as chosen.
  const unlisted = value !== '' && !brands.some((b) => b._id === value);
  return (
    <select {...select} value={value} onChange={(e) => onChange(e.target.value)}>
      {allLabel !== undefined && <option value="">{allLabel}</option>}
      {unlisted && <option value={value}>{tenants.isPending ? 'Loading brands...' : value}</option>}
      {brands.map((brand) => (
        <option key={brand._id} value={brand._id}>
          {brand.name}
        </option>
      ))}
    </select>
  );
}
