import { useState } from 'react';
import { normaliseIfsc } from '@desk/machines/accounts/bank-account-rules';
import { Field } from '../../../components/field';
import { BankAccountPreview } from './bank-account-preview';
import { bankAccountInput, type BankAccountInput } from './tenant-api';
import { ActiveCheckbox, TenantAddPage, useTenantAdd } from './tenant-add-page';

const EMPTY: BankAccountInput = { bankName: '', accountName: '', accountNumber: '', ifsc: '', isActive: true };

/** Adds an operator bank account to a tenant; customers of that tenant pay into its active accounts. */
export function AddBankAccountPage() {
  const [account, setAccount] = useState<BankAccountInput>(EMPTY);
  const adding = useTenantAdd<BankAccountInput>({
    addedText: 'Bank account added successfully',
    failedText: 'Failed to add bank account',
    listsWith: (current, added) => ({ bankAccounts: [...current.bankAccounts.map(bankAccountInput), added] }),
  });
  const edit = (patch: Partial<BankAccountInput>) => setAccount((a) => ({ ...a, ...patch }));

  const submit = () => {
    if (!adding.tenantId) return adding.setProblem('Please select a tenant first');
    adding.setProblem(null);
    adding.add({
      bankName: account.bankName.trim(),
      accountName: account.accountName.trim(),
      accountNumber: account.accountNumber.trim(),
      ifsc: normaliseIfsc(account.ifsc),
      isActive: account.isActive,
    });
  };

  return (
    <TenantAddPage
      title="Add Bank Account"
      formTitle="Bank Details"
      formId="bank-form-title"
      adding={adding}
      onSubmit={submit}
      preview={<BankAccountPreview tenantName={adding.tenantName} account={account} />}
    >
      <Field label="Bank Name">
        <input value={account.bankName} onChange={(e) => edit({ bankName: e.target.value })} maxLength={100} autoComplete="off" />
      </Field>
      <Field label="Account Name">
        <input value={account.accountName} onChange={(e) => edit({ accountName: e.target.value })} maxLength={100} autoComplete="off" />
      </Field>
      <Field label="Account Number">
        <input value={account.accountNumber} onChange={(e) => edit({ accountNumber: e.target.value })} inputMode="numeric" maxLength={20} autoComplete="off" />
      </Field>
      <Field label="IFSC Code" hint="11 characters, e.g. HDFC0001234">
        <input value={account.ifsc} onChange={(e) => edit({ ifsc: e.target.value.toUpperCase() })} maxLength={11} autoComplete="off" spellCheck={false} />
      </Field>
      <ActiveCheckbox checked={account.isActive} onChange={(isActive) => edit({ isActive })} />
    </TenantAddPage>
  );
}
