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
import '../admin-forms.css';

/** Tenant Management: the white-label brands, each with its operator bank accounts and wallets. */
export function TenantsPage() {
  const tenants = useTenants();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Tenant | null>(null);
  const toast = useToast();
  const saved = useTenantSaved();
  const remove = useMutation({
    mutationFn: (tenant: Tenant) => tenantApi.remove(tenant._id),
    onSuccess: async () => {
      toast('Tenant deleted successfully');
      setDeleting(null);
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
        </ConfirmDialog>
      )}
    </div>
  );
}
