import { useSay, useT } from '../../../i18n/use-t';
import { useState, type FormEvent } from 'react';
import { isNetwork, NETWORKS } from '@desk/machines/addresses/networks';
import { SavedFormModal } from '../ui/saved-form-modal';
import { Field } from '../../../components/field';
import type { Wallet } from '../customer-api';
import { NetworkOptions } from '../ui/network-options';
import { failureText } from '../../../lib/failure-text';
import { ErrorAlert } from '../../../components/error-alert';
import { walletProblem, type WalletDraft, type WalletProblem } from './wallet-rules';
import { useSaveWallet } from './wallet-mutations';

interface WalletFormModalProps {
  /** The wallet to edit; none to add one. */
  wallet?: Wallet;
  /** Preselects the network, e.g. the one the buy form is set to. */
  network?: WalletDraft['network'];
  onClose: () => void;
  onSaved?: (wallet: Wallet) => void;
}

/** A new address starts on TRC20, the specification's default network (seed-spec section 9), listed first. */
const DEFAULT_NETWORK = NETWORKS[0];

/** Add or edit a USDT receiving address; the address is checked against its network before saving. */
export function WalletFormModal({ wallet, network = DEFAULT_NETWORK, onClose, onSaved }: WalletFormModalProps) {
  const [draft, setDraft] = useState<WalletDraft>(() => ({
    address: wallet?.address ?? '',
    network: wallet && isNetwork(wallet.network) ? wallet.network : network,
    label: wallet?.label ?? '',
    isDefault: wallet?.isDefault ?? false,
  }));
  const t = useT();
  const say = useSay();
  const [problem, setProblem] = useState<WalletProblem>(null);
  const save = useSaveWallet((saved) => {
    onSaved?.(saved);
    onClose();
  });
  const edit = (patch: Partial<WalletDraft>) => setDraft((d) => ({ ...d, ...patch }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = walletProblem(draft);
    setProblem(found);
    if (found || draft.network === '') return;
    save.mutate({ id: wallet?._id, wallet: { address: draft.address.trim(), network: draft.network, label: draft.label.trim(), isDefault: draft.isDefault } });
  };

  const formId = wallet ? `wallet-form-${wallet._id}` : 'wallet-form-new';
  return (
    <SavedFormModal
      title={wallet ? t('customer.wallets.editTitle') : t('customer.wallets.addTitle')}
      formId={formId}
      saveLabel={t('customer.wallets.save')}
      saving={save.isPending}
      onClose={onClose}
      onSubmit={submit}
    >
      <Field label={t('customer.wallets.network')} error={problem?.field === 'network' ? say(problem.message) : null}>
        <select value={draft.network} onChange={(e) => edit({ network: isNetwork(e.target.value) ? e.target.value : '' })}>
          <option value="">{t('customer.wallets.selectNetwork')}</option>
          <NetworkOptions />
        </select>
      </Field>
      <Field label={t('customer.wallets.walletAddress')} error={problem?.field === 'address' ? say(problem.message) : null}>
        <input value={draft.address} onChange={(e) => edit({ address: e.target.value })} autoComplete="off" spellCheck={false} />
      </Field>
      <Field label={t('customer.wallets.labelOptional')}>
        <input value={draft.label} onChange={(e) => edit({ label: e.target.value })} maxLength={50} />
      </Field>
      <label className="check">
        <input type="checkbox" checked={draft.isDefault} onChange={(e) => edit({ isDefault: e.target.checked })} /> {t('customer.wallets.useDefault')}
      </label>
      <ErrorAlert>{save.isError && say(failureText(save.error, 'Failed to save wallet address'))}</ErrorAlert>
    </SavedFormModal>
  );
}
