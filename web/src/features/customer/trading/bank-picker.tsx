import { useState } from 'react';
import { Modal } from '../../../components/modal';
import { Field } from '../../../components/field';
import type { BankAccount } from '../customer-api';
import { BankAccountFormModal } from '../bank-accounts/bank-account-form-modal';
import { BankAccountsManager } from '../bank-accounts/bank-accounts-manager';

interface BankPickerProps {
  accounts: readonly BankAccount[];
  selectedId: string;
  error: string | null;
  onSelect: (account: BankAccount) => void;
}

const optionText = (a: BankAccount) => `${a.bankName} · ${a.accountName} · ${a.accountNumber}${a.isDefault ? ' (default)' : ''}`;

/** Choose the payout account from the saved ones, or add and manage them without leaving the form. */
export function BankPicker({ accounts, selectedId, error, onSelect }: BankPickerProps) {
  const [dialog, setDialog] = useState<'add' | 'manage' | null>(null);
  const close = () => setDialog(null);
  const known = accounts.some((a) => a._id === selectedId);
  return (
    <>
      <Field label="Bank account" error={error}>
        <select
          value={known ? selectedId : ''}
          onChange={(e) => {
            const account = accounts.find((a) => a._id === e.target.value);
            if (account) onSelect(account);
          }}
        >
          {!known && <option value="">{accounts.length ? 'Select a bank account' : 'No saved bank accounts'}</option>}
          {accounts.map((a) => (
            <option key={a._id} value={a._id}>
              {optionText(a)}
            </option>
          ))}
        </select>
      </Field>
      <div className="row picker-actions">
        <button type="button" className="btn secondary small" onClick={() => setDialog('add')}>
          Add Bank Account
        </button>
        <button type="button" className="btn secondary small" onClick={() => setDialog('manage')}>
          Manage Bank Accounts
        </button>
      </div>
      {dialog === 'add' && <BankAccountFormModal onClose={close} onSaved={onSelect} />}
      {dialog === 'manage' && (
        <Modal title="Manage Bank Accounts" onClose={close} size="large">
          <BankAccountsManager />
        </Modal>
      )}
    </>
  );
}
