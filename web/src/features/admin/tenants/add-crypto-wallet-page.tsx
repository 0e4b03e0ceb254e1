import { useState } from 'react';
import { Field } from '../../../components/field';
import { cryptoWalletInput, type CryptoWalletInput } from './tenant-api';
import { ActiveCheckbox, TenantAddPage, useTenantAdd } from './tenant-add-page';
import { QrSourceFields } from './qr-source-fields';
import { WalletPreview } from './wallet-preview';
import { emptyWallet, isWalletNetwork, NETWORK_OPTIONS, qrCodeUrlToSend, walletProblem, type WalletDraft } from './wallet-draft';
import { OptionsSelect } from '../../../components/options-select';

type CompleteDraft = WalletDraft & { network: CryptoWalletInput['network'] };

/** Adds an operator USDT wallet to a tenant; customers of that tenant send USDT to its active wallets. */
export function AddCryptoWalletPage() {
  const [draft, setDraft] = useState<WalletDraft>(emptyWallet);
  const adding = useTenantAdd<CompleteDraft>({
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
    const found = walletProblem(adding.tenantId, draft);
    adding.setProblem(found);
    if (!found && draft.network) adding.add({ ...draft, network: draft.network });
  };

  return (
    <TenantAddPage
      title="Add Crypto Wallet"
      formTitle="Wallet Details"
      formId="wallet-form-title"
      adding={adding}
      onSubmit={submit}
      preview={<WalletPreview tenantName={adding.tenantName} draft={draft} />}
    >
      <Field label="Network">
        <OptionsSelect
          value={draft.network}
          options={[{ value: '', label: 'Select network' }, ...NETWORK_OPTIONS]}
          onChange={(network) => edit({ network: isWalletNetwork(network) ? network : '' })}
        />
      </Field>
      <Field label="Wallet Address">
        <input value={draft.address} onChange={(e) => edit({ address: e.target.value })} autoComplete="off" spellCheck={false} maxLength={128} />
      </Field>
      <QrSourceFields draft={draft} onChange={edit} />
      <ActiveCheckbox checked={draft.isActive} onChange={(isActive) => edit({ isActive })} />
    </TenantAddPage>
  );
}
