import { useT, type Translate } from '../../../i18n/use-t';
import { customerApi, type BankAccount } from '../customer-api';
import { useBankAccounts } from '../customer-queries';
import { SavedManager, type SavedKind } from '../ui/saved-manager';
import { BankAccountFormModal } from './bank-account-form-modal';

/** The saved bank accounts: their words, columns and form in the shared manager (ui/saved-manager). */
const bankAccounts = (t: Translate): SavedKind<BankAccount> => ({
  intro: t('customer.banks.intro'),
  addLabel: t('customer.banks.add'),
  columns: [
    { header: t('customer.banks.bank'), cell: (a) => a.bankName },
    { header: t('customer.banks.holder'), cell: (a) => a.accountName },
    { header: t('customer.banks.number'), cell: (a) => a.accountNumber },
    { header: t('customer.banks.ifsc'), cell: (a) => a.ifsc },
  ],
  empty: t('customer.banks.empty'),
  describe: (a) => t('customer.banks.describe', { bank: a.bankName, number: a.accountNumber }),
  form: ({ row, onClose }) => <BankAccountFormModal account={row} onClose={onClose} />,
  deleteTitle: t('customer.banks.deleteTitle'),
  deleteQuestion: (a) => t('customer.banks.deleteAsk', { bank: a.bankName, number: a.accountNumber }),
  remove: customerApi.deleteBankAccount,
  removeFailure: 'Failed to delete bank account',
  makeDefault: (id) => customerApi.updateBankAccount(id, { isDefault: true }),
  makeDefaultFailure: 'Failed to save bank account',
});

/** The saved bank accounts with add, edit, delete and default: the bank page and the dashboard's manage dialog. */
export function BankAccountsManager() {
  const t = useT();
  const { data = [], isPending } = useBankAccounts();
  return <SavedManager kind={bankAccounts(t)} rows={data} loading={isPending} />;
}
