import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { useToast } from '../../../components/toasts';
import { failureText } from '../../../lib/failure-text';
import { ErrorAlert } from '../../../components/error-alert';
import { PageHead } from '../ui/page-head';
import { tenantApi, type Tenant, type TenantListsEdit } from './tenant-api';
import { useTenantSaved } from './tenant-queries';
import { TenantPicker, usePickedTenant } from './tenant-picker';
import { waitsForSecondAdmin, type DeskChange } from '../changes/changes-api';
import { WaitingNotice } from '../changes/waiting-notice';
import '../admin-forms.css';
import { SubmitButton } from '../../../components/submit-button';

interface TenantListAddOptions<T> {
  tenantId: string;
  addedText: string;
  failedText: string;
  /** The whole list to send, built from the tenant as stored now (not as the page loaded it). */
  listsWith: (current: Tenant, added: T) => Promise<TenantListsEdit> | TenantListsEdit;
}

/**
 * Adding to one of a tenant's lists: the save, then back to the tenants list with a toast. Lists
 * are sent whole, so they are rebuilt from the tenant as stored at the moment of saving.
 */
function useTenantListAdd<T>({ tenantId, addedText, failedText, listsWith }: TenantListAddOptions<T>) {
  const [problem, setProblem] = useState<string | null>(null);
  // A new account or wallet waits for a second admin (202): the page then says so instead of "added".
  const [waiting, setWaiting] = useState<DeskChange | null>(null);
  const toast = useToast();
  const saved = useTenantSaved();
  const navigate = useNavigate();
  const add = useMutation({
    mutationFn: async (added: T) => tenantApi.updateLists(tenantId, await listsWith(await tenantApi.get(tenantId), added)),
    onSuccess: async (answer) => {
      if (waitsForSecondAdmin(answer)) return setWaiting(answer.change);
      toast(addedText);
      await saved(answer.tenant);
      navigate('/admin/tenants');
    },
    onError: (error) => setProblem(failureText(error, failedText)),
  });
  return { problem, setProblem, add: add.mutate, isPending: add.isPending, waiting };
}

/** The tenant being added to: `?tenant=` when the page was opened from a tenant, else none yet. */
function useTenantChoice() {
  const [params] = useSearchParams();
  const [tenantId, setTenantId] = useState(() => params.get('tenant') ?? '');
  const picked = usePickedTenant(tenantId);
  return { tenantId, setTenantId, tenantName: picked?.name };
}

/** Both halves of an "add to a tenant" page's state: the tenant chosen, and the save to its list. */
export function useTenantAdd<T>(options: Omit<TenantListAddOptions<T>, 'tenantId'>) {
  const choice = useTenantChoice();
  return { ...choice, ...useTenantListAdd<T>({ ...options, tenantId: choice.tenantId }) };
}

/** What the page's layout reads of that state. */
interface TenantAddState {
  tenantId: string;
  setTenantId: (id: string) => void;
  problem: string | null;
  isPending: boolean;
  /** The request the save became, when it waits for a second admin: shown instead of the form. */
  waiting: DeskChange | null;
}

interface TenantAddPageProps {
  title: string;
  formTitle: string;
  formId: string;
  adding: TenantAddState;
  onSubmit: () => void;
  /** The form's fields. */
  children: ReactNode;
  /** What customers will see, beside the form. */
  preview: ReactNode;
}

/** The layout both "add to a tenant" pages share: tenant picker, the form card, a preview beside it. */
export function TenantAddPage({ title, formTitle, formId, adding, onSubmit, children, preview }: TenantAddPageProps) {
  const { tenantId, setTenantId, problem, isPending, waiting } = adding;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <div className="admin-page">
      <PageHead title={title}>
        <Link className="btn secondary" to="/admin/tenants">
          Back to Tenants
        </Link>
      </PageHead>
      {waiting ? (
        <WaitingNotice change={waiting} />
      ) : (
        <>
          <TenantPicker value={tenantId} onChange={setTenantId} />
          <div className="admin-split">
            <form className="card" onSubmit={submit} noValidate aria-labelledby={formId}>
              <h2 id={formId}>{formTitle}</h2>
              {children}
              <ErrorAlert>{problem}</ErrorAlert>
              <SubmitButton busy={isPending} busyLabel="Adding...">
                {title}
              </SubmitButton>
            </form>
            {preview}
          </div>
        </>
      )}
    </div>
  );
}

/** The "Active" box both pages end their fields with: only active accounts and wallets are shown to customers. */
export function ActiveCheckbox({ checked, onChange }: { checked: boolean; onChange: (isActive: boolean) => void }) {
  return (
    <label className="admin-check">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} /> Active (can receive payments)
    </label>
  );
}
