import type { BankAccount } from '../customer-api';
import { BankAccountFormModal } from '../bank-accounts/bank-account-form-modal';
import { BankAccountsManager } from '../bank-accounts/bank-accounts-manager';
import { SavedPicker } from './saved-picker';

interface BankPickerProps {
  accounts: readonly BankAccount[];
  selectedId: string;
  error: string | null;
  onSelect: (account: BankAccount) => void;
}

const optionText = (a: BankAccount) => `${a.bankName} · ${a.accountName} · ${a.accountNumber}${a.isDefault ? ' (default)' : ''}`;

/** The sell form's payout account. */
export function BankPicker({ accounts, selectedId, error, onSelect }: BankPickerProps) {
  return (
    <SavedPicker
      label="Bank account"
      error={error}
      saved={accounts}
      selectedId={selectedId}
      optionText={optionText}
      placeholder={{ some: 'Select a bank account', none: 'No saved bank accounts' }}
      onSelect={onSelect}
      add={{ label: 'Add Bank Account', dialog: (close) => <BankAccountFormModal onClose={close} onSaved={onSelect} /> }}
      manage={{ label: 'Manage Bank Accounts', title: 'Manage Bank Accounts', manager: <BankAccountsManager /> }}
    />
  );
}
