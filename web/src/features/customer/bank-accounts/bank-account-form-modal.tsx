import { useSay, useT, type TextKey } from '../../../i18n/use-t';
import { useState, type FormEvent } from 'react';
import { normaliseIfsc } from '@desk/machines/accounts/bank-account-rules';
import { SavedFormModal } from '../ui/saved-form-modal';
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
  ['bankName', 'customer.banks.bankName', 'off'],
  ['accountHolder', 'customer.banks.holderName', 'name'],
  ['accountNumber', 'customer.banks.number', 'off'],
  ['ifsc', 'customer.banks.ifscCode', 'off'],
] as const satisfies readonly (readonly [string, TextKey, string])[];

/** Add or edit a bank account that sell orders pay out to. IFSC codes are upper case, so typing is too. */
export function BankAccountFormModal({ account, onClose, onSaved }: BankAccountFormModalProps) {
  const [draft, setDraft] = useState<BankAccountRequest>(() => ({
    bankName: account?.bankName ?? '',
    accountHolder: account?.accountName ?? '',
    accountNumber: account?.accountNumber ?? '',
    ifsc: account?.ifsc ?? '',
    isDefault: account?.isDefault ?? false,
  }));
  const t = useT();
  const say = useSay();
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
    <SavedFormModal
      title={account ? t('customer.banks.editTitle') : t('customer.banks.addTitle')}
      formId={formId}
      saveLabel={t('customer.banks.save')}
      saving={save.isPending}
      onClose={onClose}
      onSubmit={submit}
    >
      {TEXT_FIELDS.map(([key, label, autoComplete]) => (
        <Field key={key} label={t(label)}>
          <input
            value={draft[key]}
            autoComplete={autoComplete}
            inputMode={key === 'accountNumber' ? 'numeric' : undefined}
            onChange={(e) => setDraft((d) => ({ ...d, [key]: key === 'ifsc' ? e.target.value.toUpperCase() : e.target.value }))}
          />
        </Field>
      ))}
      <label className="check">
        <input type="checkbox" checked={draft.isDefault} onChange={(e) => setDraft((d) => ({ ...d, isDefault: e.target.checked }))} />{' '}
        {t('customer.banks.useDefault')}
      </label>
      <ErrorAlert>{missing && say('Please fill all bank account details')}</ErrorAlert>
      <ErrorAlert>{save.isError && say(failureText(save.error, 'Failed to save bank account'))}</ErrorAlert>
    </SavedFormModal>
  );
}
