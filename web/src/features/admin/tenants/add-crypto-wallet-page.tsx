import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { useToast } from '../../../components/toasts';
import { failureText } from '../../customer/failure-text';
import { Field } from '../../customer/ui/field';
import { cryptoWalletInput, tenantApi, type CryptoWalletInput } from './tenant-api';
import { useTenantSaved } from './tenant-queries';
import { TenantPicker, usePickedTenant } from './tenant-picker';
import { QrSourceFields } from './qr-source-fields';
import { WalletPreview } from './wallet-preview';
import { emptyWallet, isWalletNetwork, NETWORK_OPTIONS, qrCodeUrlToSend, QrUploadError, walletProblem, type WalletDraft } from './wallet-draft';
import '../admin-forms.css';

/** Adds an operator USDT wallet to a tenant; customers of that tenant send USDT to its active wallets. */
export function AddCryptoWalletPage() {
  const [params] = useSearchParams();
  const [tenantId, setTenantId] = useState(() => params.get('tenant') ?? '');
  const [draft, setDraft] = useState<WalletDraft>(emptyWallet);
  const [problem, setProblem] = useState<string | null>(null);
  const picked = usePickedTenant(tenantId);
  const toast = useToast();
  const saved = useTenantSaved();
  const navigate = useNavigate();
  const add = useMutation({
    mutationFn: async (added: WalletDraft & { network: CryptoWalletInput['network'] }) => {
      const qrCodeUrl = await qrCodeUrlToSend(added);
      // The list is sent whole, from the tenant as stored now; the saved wallets go back with their
      // own QR links, so the server keeps their QR images.
      const current = await tenantApi.get(tenantId);
      const wallet: CryptoWalletInput = { network: added.network, address: added.address.trim(), isActive: added.isActive, ...(qrCodeUrl ? { qrCodeUrl } : {}) };
      return tenantApi.updateLists(tenantId, { cryptoWallets: [...current.cryptoWallets.map(cryptoWalletInput), wallet] });
    },
    onSuccess: async ({ tenant }) => {
      toast('Crypto wallet added successfully!');
      await saved(tenant);
      navigate('/admin/tenants');
    },
    onError: (error) => setProblem(error instanceof QrUploadError ? error.message : failureText(error, 'Failed to add crypto wallet')),
  });
  const edit = (patch: Partial<WalletDraft>) => setDraft((d) => ({ ...d, ...patch }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = walletProblem(tenantId, draft);
    setProblem(found);
    if (!found && draft.network) add.mutate({ ...draft, network: draft.network });
  };

  return (
    <div className="admin-page">
      <div className="admin-head">
        <h1>Add Crypto Wallet</h1>
        <Link className="btn secondary" to="/admin/tenants">
          Back to Tenants
        </Link>
      </div>
      <TenantPicker value={tenantId} onChange={setTenantId} />
      <div className="admin-split">
        <form className="card" onSubmit={submit} noValidate aria-labelledby="wallet-form-title">
          <h2 id="wallet-form-title">Wallet Details</h2>
          <Field label="Network">
            <select value={draft.network} onChange={(e) => edit({ network: isWalletNetwork(e.target.value) ? e.target.value : '' })}>
              <option value="">Select network</option>
              {NETWORK_OPTIONS.map((n) => (
                <option key={n.value} value={n.value}>
                  {n.label}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Wallet Address">
            <input value={draft.address} onChange={(e) => edit({ address: e.target.value })} autoComplete="off" spellCheck={false} maxLength={128} />
          </Field>
          <QrSourceFields draft={draft} onChange={edit} />
          <label className="admin-check">
            <input type="checkbox" checked={draft.isActive} onChange={(e) => edit({ isActive: e.target.checked })} /> Active (can receive payments)
          </label>
          {problem && (
            <p role="alert" className="error">
              {problem}
            </p>
          )}
          <button type="submit" className="btn" disabled={add.isPending}>
            {add.isPending ? 'Adding...' : 'Add Crypto Wallet'}
          </button>
        </form>
        <WalletPreview tenantName={picked?.name} draft={draft} />
      </div>
    </div>
  );
}
