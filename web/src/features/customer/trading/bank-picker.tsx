import { useSay, useT, type Translate } from '../../../i18n/use-t';
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

const optionText = (a: BankAccount, t: Translate) =>
  `${a.bankName} · ${a.accountName} · ${a.accountNumber}${a.isDefault ? ` ${t('customer.picker.default')}` : ''}`;

/** The sell form's payout account. */
export function BankPicker({ accounts, selectedId, error, onSelect }: BankPickerProps) {
  const t = useT();
  const say = useSay();
  return (
    <SavedPicker
      label={t('customer.picker.bank')}
      error={error && say(error)}
      saved={accounts}
      selectedId={selectedId}
      optionText={(a) => optionText(a, t)}
      placeholder={{ some: t('customer.picker.selectBank'), none: t('customer.picker.noBanks') }}
      onSelect={onSelect}
      add={{ label: t('customer.picker.addBank'), dialog: (close) => <BankAccountFormModal onClose={close} onSaved={onSelect} /> }}
      manage={{ label: t('customer.picker.manageBanks'), title: t('customer.picker.manageBanks'), manager: <BankAccountsManager /> }}
    />
  );
}
