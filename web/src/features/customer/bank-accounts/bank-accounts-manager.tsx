import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import type { BankAccount } from '../customer-api';
import { useBankAccounts } from '../customer-queries';
import { BankAccountFormModal } from './bank-account-form-modal';
import { BankAccountsTable } from './bank-accounts-table';
import { useDeleteBankAccount, useMakeDefaultBankAccount } from './bank-account-mutations';

type Editing = { kind: 'add' } | { kind: 'edit'; account: BankAccount } | { kind: 'delete'; account: BankAccount } | null;

/** The saved bank accounts with add, edit, delete and default: the bank page and the dashboard's manage dialog. */
export function BankAccountsManager() {
  const { data: accounts = [], isPending } = useBankAccounts();
  const [editing, setEditing] = useState<Editing>(null);
  const close = () => setEditing(null);
  const remove = useDeleteBankAccount(close);
  const makeDefault = useMakeDefaultBankAccount();

  return (
    <>
      <div className="row space-between">
        <p className="muted">Where the INR of your sell orders is paid.</p>
        <button type="button" className="btn" onClick={() => setEditing({ kind: 'add' })}>
          Add Bank Account
        </button>
      </div>
      {isPending ? (
        <p className="muted">Loading...</p>
      ) : (
        <BankAccountsTable
          accounts={accounts}
          onEdit={(account) => setEditing({ kind: 'edit', account })}
          onDelete={(account) => setEditing({ kind: 'delete', account })}
          onMakeDefault={(a) => makeDefault.mutate(a._id)}
        />
      )}
      {editing?.kind === 'add' && <BankAccountFormModal onClose={close} />}
      {editing?.kind === 'edit' && <BankAccountFormModal account={editing.account} onClose={close} />}
      {editing?.kind === 'delete' && (
        <ConfirmDialog
          title="Delete Bank Account"
          confirmLabel={remove.isPending ? 'Deleting...' : 'Delete'}
          busy={remove.isPending}
          onCancel={close}
          onConfirm={() => remove.mutate(editing.account._id)}
        >
          <p>
            Delete {editing.account.bankName} account {editing.account.accountNumber}? Orders already placed keep it.
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}
