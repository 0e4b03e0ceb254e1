import { useState } from 'react';
import { Field } from '../../../components/field';
import { cryptoWalletInput, type CryptoWalletInput } from './tenant-api';
import { TenantAddPage, useTenantChoice, useTenantListAdd } from './tenant-add-page';
import { QrSourceFields } from './qr-source-fields';
import { WalletPreview } from './wallet-preview';
import { emptyWallet, isWalletNetwork, NETWORK_OPTIONS, qrCodeUrlToSend, walletProblem, type WalletDraft } from './wallet-draft';

type CompleteDraft = WalletDraft & { network: CryptoWalletInput['network'] };

/** Adds an operator USDT wallet to a tenant; customers of that tenant send USDT to its active wallets. */
export function AddCryptoWalletPage() {
  const { tenantId, setTenantId, tenantName } = useTenantChoice();
  const [draft, setDraft] = useState<WalletDraft>(emptyWallet);
  const { problem, setProblem, add, isPending, waiting } = useTenantListAdd<CompleteDraft>({
    tenantId,
    addedText: 'Crypto wallet added successfully!',
    failedText: 'Failed to add crypto wallet',
    listsWith: (current, added) => {
      const qrCodeUrl = qrCodeUrlToSend(added);
      const wallet: CryptoWalletInput = {
        network: added.network,
        address: added.address.trim(),
        isActive: added.isActive,
        ...(qrCodeUrl ? { qrCodeUrl } : {}),
      };
      // The saved wallets go back with their own QR links, so the server keeps their QR images.
      return { cryptoWallets: [...current.cryptoWallets.map(cryptoWalletInput), wallet] };
    },
  });
  const edit = (patch: Partial<WalletDraft>) => setDraft((d) => ({ ...d, ...patch }));

  const submit = () => {
    const found = walletProblem(tenantId, draft);
    setProblem(found);
    if (!found && draft.network) add({ ...draft, network: draft.network });
  };

  return (
    <TenantAddPage
      title="Add Crypto Wallet"
      formTitle="Wallet Details"
      formId="wallet-form-title"
      tenantId={tenantId}
      onTenantChange={setTenantId}
      problem={problem}
      isPending={isPending}
      onSubmit={submit}
      waiting={waiting}
      preview={<WalletPreview tenantName={tenantName} draft={draft} />}
    >
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
    </TenantAddPage>
  );
}
