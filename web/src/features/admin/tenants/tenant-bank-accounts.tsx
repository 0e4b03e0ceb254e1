import { BANK_ACCOUNT_COLUMNS } from '../ui/bank-account-columns';
import type { Tenant } from './tenant-api';
import { TenantListSection } from './tenant-list-section';

interface TenantBankAccountsProps {
  tenant: Tenant;
  saving: boolean;
  onToggle: (index: number) => void;
}

/** The tenant's bank accounts, where its customers pay the INR of their buys. */
export function TenantBankAccounts({ tenant, saving, onToggle }: TenantBankAccountsProps) {
  return (
    <TenantListSection
      tenant={tenant}
      list="bankAccounts"
      columns={BANK_ACCOUNT_COLUMNS}
      what={(account) => `${account.bankName} ${account.accountNumber}`}
      saving={saving}
      onToggle={onToggle}
    />
  );
}
