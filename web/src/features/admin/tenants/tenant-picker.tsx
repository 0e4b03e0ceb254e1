import { useId } from 'react';
import { Loaded } from '../../../components/loaded';
import type { Tenant } from './tenant-api';
import { TenantLogo } from './tenant-logo';
import { useTenants } from './tenant-queries';

interface TenantPickerProps {
  value: string;
  onChange: (id: string) => void;
}

/** The tenant an account is added to, as cards that work as radio buttons (arrow keys move between them). */
export function TenantPicker({ value, onChange }: TenantPickerProps) {
  const tenants = useTenants();
  const name = useId();
  return (
    <fieldset className="card" style={{ margin: 0 }}>
      <legend className="admin-legend">Select Tenant</legend>
      <Loaded query={tenants} loading="Loading tenants..." failed="Failed to load tenants">
        {({ tenants: list }) =>
          list.length === 0 ? (
            <p className="admin-empty">No tenants configured</p>
          ) : (
            <div className="admin-tenant-cards">
              {list.map((tenant) => (
                <label key={tenant._id} className="admin-tenant-card">
                  <input type="radio" name={name} value={tenant._id} checked={value === tenant._id} onChange={() => onChange(tenant._id)} />
                  <TenantLogo tenant={tenant} />
                  <span>
                    <strong>{tenant.name}</strong>
                    <small>{tenant.domain || 'No domain'}</small>
                    <small>
                      {tenant.bankAccounts.length} bank · {tenant.cryptoWallets.length} wallets
                    </small>
                  </span>
                </label>
              ))}
            </div>
          )
        }
      </Loaded>
    </fieldset>
  );
}

/** The picked tenant, when the list has it. */
export function usePickedTenant(id: string): Tenant | undefined {
  return useTenants().data?.tenants.find((t) => t._id === id);
}
