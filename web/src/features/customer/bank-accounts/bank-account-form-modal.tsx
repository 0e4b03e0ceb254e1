import { useState, type FormEvent } from 'react';
import { normaliseIfsc } from '@desk/machines/accounts/bank-account-rules';
import { FormModal } from '../../../components/form-modal';
import { Field } from '../../../components/field';
import type { BankAccount, BankAccountRequest } from '../customer-api';
import { failureText } from '../../../lib/failure-text';
import { ErrorAlert } from '../../../components/error-alert';
import { useSaveBankAccount } from './bank-account-mutations';

interface BankAccountFormModalProps {
  /** The account to edit; none to add one. */
  account?: BankAccount;
  onClose: () => void;
  onSaved?: (account: BankAccount) => void;
}

const TEXT_FIELDS = [
  ['bankName', 'Bank name', 'off'],
  ['accountHolder', 'Account holder name', 'name'],
  ['accountNumber', 'Account number', 'off'],
  ['ifsc', 'IFSC code', 'off'],
] as const;

/** Add or edit a bank account that sell orders pay out to. IFSC codes are upper case, so typing is too. */
export function BankAccountFormModal({ account, onClose, onSaved }: BankAccountFormModalProps) {
  const [draft, setDraft] = useState<BankAccountRequest>(() => ({
    bankName: account?.bankName ?? '',
    accountHolder: account?.accountName ?? '',
    accountNumber: account?.accountNumber ?? '',
    ifsc: account?.ifsc ?? '',
    isDefault: account?.isDefault ?? false,
  }));
  const [missing, setMissing] = useState(false);
  const save = useSaveBankAccount((saved) => {
    onSaved?.(saved);
    onClose();
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = {
      ...draft,
      bankName: draft.bankName.trim(),
      accountHolder: draft.accountHolder.trim(),
      accountNumber: draft.accountNumber.trim(),
      ifsc: normaliseIfsc(draft.ifsc),
    };
    const incomplete = TEXT_FIELDS.some(([key]) => trimmed[key] === '');
    setMissing(incomplete);
    if (!incomplete) save.mutate({ id: account?._id, account: trimmed });
  };

  const formId = account ? `bank-form-${account._id}` : 'bank-form-new';
  return (
    <FormModal
      title={account ? 'Edit Bank Account' : 'Add Bank Account'}
      formId={formId}
      saveLabel="Save Bank Account"
      saving={save.isPending}
      onClose={onClose}
      onSubmit={submit}
    >
      {TEXT_FIELDS.map(([key, label, autoComplete]) => (
        <Field key={key} label={label}>
          <input
            value={draft[key]}
            autoComplete={autoComplete}
            inputMode={key === 'accountNumber' ? 'numeric' : undefined}
            onChange={(e) => setDraft((d) => ({ ...d, [key]: key === 'ifsc' ? e.target.value.toUpperCase() : e.target.value }))}
          />
        </Field>
      ))}
      <label className="check">
        <input type="checkbox" checked={draft.isDefault} onChange={(e) => setDraft((d) => ({ ...d, isDefault: e.target.checked }))} /> Use as default account
      </label>
      <ErrorAlert>{missing && 'Please fill all bank account details'}</ErrorAlert>
      <ErrorAlert>{save.isError && failureText(save.error, 'Failed to save bank account')}</ErrorAlert>
    </FormModal>
  );
}
