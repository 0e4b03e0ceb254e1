import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { useToast } from '../../../components/toasts';
import { failureText } from '../../customer/failure-text';
import { Field } from '../../customer/ui/field';
import { BankAccountPreview } from './bank-account-preview';
import { bankAccountInput, tenantApi, type BankAccountInput } from './tenant-api';
import { useTenantSaved } from './tenant-queries';
import { TenantPicker, usePickedTenant } from './tenant-picker';
import '../admin-forms.css';

const EMPTY: BankAccountInput = { bankName: '', accountName: '', accountNumber: '', ifsc: '', isActive: true };

/** Adds an operator bank account to a tenant; customers of that tenant pay into its active accounts. */
export function AddBankAccountPage() {
  const [params] = useSearchParams();
  const [tenantId, setTenantId] = useState(() => params.get('tenant') ?? '');
  const [account, setAccount] = useState<BankAccountInput>(EMPTY);
  const [problem, setProblem] = useState<string | null>(null);
  const picked = usePickedTenant(tenantId);
  const toast = useToast();
  const saved = useTenantSaved();
  const navigate = useNavigate();
  const add = useMutation({
    mutationFn: async (added: BankAccountInput) => {
      // The list is sent whole: start from the tenant as stored now, not as this page loaded it.
      const current = await tenantApi.get(tenantId);
      return tenantApi.updateLists(tenantId, { bankAccounts: [...current.bankAccounts.map(bankAccountInput), added] });
    },
    onSuccess: async ({ tenant }) => {
      toast('Bank account added successfully');
      await saved(tenant);
      navigate('/admin/tenants');
    },
    onError: (error) => setProblem(failureText(error, 'Failed to add bank account')),
  });
  const edit = (patch: Partial<BankAccountInput>) => setAccount((a) => ({ ...a, ...patch }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!tenantId) return setProblem('Please select a tenant first');
    setProblem(null);
    add.mutate({ bankName: account.bankName.trim(), accountName: account.accountName.trim(), accountNumber: account.accountNumber.trim(), ifsc: account.ifsc.trim(), isActive: account.isActive });
  };

  return (
    <div className="admin-page">
      <div className="admin-head">
        <h1>Add Bank Account</h1>
        <Link className="btn secondary" to="/admin/tenants">
          Back to Tenants
        </Link>
      </div>
      <TenantPicker value={tenantId} onChange={setTenantId} />
      <div className="admin-split">
        <form className="card" onSubmit={submit} noValidate aria-labelledby="bank-form-title">
          <h2 id="bank-form-title">Bank Details</h2>
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
          <label className="admin-check">
            <input type="checkbox" checked={account.isActive} onChange={(e) => edit({ isActive: e.target.checked })} /> Active (can receive payments)
          </label>
          {problem && (
            <p role="alert" className="error">
              {problem}
            </p>
          )}
          <button type="submit" className="btn" disabled={add.isPending}>
            {add.isPending ? 'Adding...' : 'Add Bank Account'}
          </button>
        </form>
        <BankAccountPreview tenantName={picked?.name} account={account} />
      </div>
    </div>
  );
}
