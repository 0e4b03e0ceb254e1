import { customerApi, type BankAccount } from '../customer-api';
import { useBankAccounts } from '../customer-queries';
import { SavedManager, type SavedKind } from '../ui/saved-manager';
import { BankAccountFormModal } from './bank-account-form-modal';

/** The saved bank accounts: their words, columns and form in the shared manager (ui/saved-manager). */
const BANK_ACCOUNTS: SavedKind<BankAccount> = {
  intro: 'Where the INR of your sell orders is paid.',
  addLabel: 'Add Bank Account',
  columns: [
    { header: 'Bank', cell: (a) => a.bankName },
    { header: 'Account holder', cell: (a) => a.accountName },
    { header: 'Account number', cell: (a) => a.accountNumber },
    { header: 'IFSC', cell: (a) => a.ifsc },
  ],
  empty: 'No bank accounts saved yet.',
  describe: (a) => `${a.bankName} account ${a.accountNumber}`,
  form: ({ row, onClose }) => <BankAccountFormModal account={row} onClose={onClose} />,
  deleteTitle: 'Delete Bank Account',
  deleteQuestion: (a) => `Delete ${a.bankName} account ${a.accountNumber}? Orders already placed keep it.`,
  remove: customerApi.deleteBankAccount,
  removeFailure: 'Failed to delete bank account',
  makeDefault: (id) => customerApi.updateBankAccount(id, { isDefault: true }),
  makeDefaultFailure: 'Failed to save bank account',
};

/** The saved bank accounts with add, edit, delete and default: the bank page and the dashboard's manage dialog. */
export function BankAccountsManager() {
  const { data = [], isPending } = useBankAccounts();
  return <SavedManager kind={BANK_ACCOUNTS} rows={data} loading={isPending} />;
}
