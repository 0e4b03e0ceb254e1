import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { useToast } from '../../../components/toasts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Loaded } from '../../../components/loaded';
import { failureText } from '../../../lib/failure-text';
import { PageHead } from '../ui/page-head';
import { tenantApi, type Tenant } from './tenant-api';
import { useTenantSaved, useTenants } from './tenant-queries';
import { TenantCreateModal } from './tenant-create-modal';
import { TenantsTable } from './tenants-table';
import { waitsForSecondAdmin, type DeskChange } from '../changes/changes-api';
import { WaitingNotice } from '../changes/waiting-notice';
import '../admin-forms.css';

/** Tenant Management: the white-label brands, each with its operator bank accounts and wallets. */
export function TenantsPage() {
  const tenants = useTenants();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Tenant | null>(null);
  // Deleting a brand waits for a second admin (202, docs/desk-changes.md): nothing is deleted yet.
  const [waiting, setWaiting] = useState<DeskChange | null>(null);
  const toast = useToast();
  const saved = useTenantSaved();
  const remove = useMutation({
    mutationFn: (tenant: Tenant) => tenantApi.remove(tenant._id),
    onSuccess: async (answer) => {
      setDeleting(null);
      if (waitsForSecondAdmin(answer)) return setWaiting(answer.change);
      toast('Tenant deleted successfully');
      await saved();
    },
    onError: (error) => toast(failureText(error, 'Failed to delete tenant'), 'error'),
  });

  return (
    <div className="admin-page">
      <PageHead title="Tenant Management" note={tenants.data && (tenants.data.total === 1 ? '1 tenant' : `${tenants.data.total} tenants`)}>
        <Link className="btn secondary" to="/admin/add-bank-account">
          + Bank Account
        </Link>
        <Link className="btn secondary" to="/admin/add-crypto-wallet">
          + Crypto Wallet
        </Link>
        <button type="button" className="btn" onClick={() => setCreating(true)}>
          + New Tenant
        </button>
      </PageHead>

      {waiting && <WaitingNotice change={waiting} />}

      <section className="card" aria-label="Tenants">
        <Loaded query={tenants} loading="Loading tenants..." failed="Failed to load tenants">
          {(data) => <TenantsTable tenants={data.tenants} onDelete={setDeleting} />}
        </Loaded>
      </section>

      {creating && <TenantCreateModal onClose={() => setCreating(false)} />}
      {deleting && (
        <ConfirmDialog
          title="Delete Tenant"
          confirmLabel="Delete"
          busy={remove.isPending}
          onConfirm={() => remove.mutate(deleting)}
          onCancel={() => setDeleting(null)}
        >
          <p>Are you sure you want to delete this tenant?</p>
          <p className="muted">{deleting.name}</p>
          <p>
            A second admin must confirm the deletion before it takes effect. Once confirmed, the brand's customers and staff can no longer sign in
            {deleting.domain ? ` and visitors to ${deleting.domain} land on the operator's own brand` : ''}.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}
