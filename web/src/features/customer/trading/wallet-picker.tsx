import { useSay, useT, type Translate } from '../../../i18n/use-t';
import type { Network, Wallet } from '../customer-api';
import { shortAddress } from '../../../lib/order-format';
import { WalletFormModal } from '../wallets/wallet-form-modal';
import { WalletsManager } from '../wallets/wallets-manager';
import { SavedPicker } from './saved-picker';

interface WalletPickerProps {
  wallets: readonly Wallet[];
  selectedId: string;
  network: Network;
  error: string | null;
  onSelect: (wallet: Wallet) => void;
}

const optionText = (w: Wallet, t: Translate) =>
  [w.network, w.label, shortAddress(w.address)].filter(Boolean).join(' · ') + (w.isDefault ? ` ${t('customer.picker.default')}` : '');

/** The buy form's receiving address; one added here starts on the form's network. */
export function WalletPicker({ wallets, selectedId, network, error, onSelect }: WalletPickerProps) {
  const t = useT();
  const say = useSay();
  return (
    <SavedPicker
      label={t('customer.picker.address')}
      error={error && say(error)}
      saved={wallets}
      selectedId={selectedId}
      optionText={(w) => optionText(w, t)}
      placeholder={{ some: t('customer.picker.selectAddress'), none: t('customer.picker.noAddresses') }}
      removed={t('customer.picker.removedAddress')}
      onSelect={onSelect}
      add={{ label: t('customer.picker.addAddress'), dialog: (close) => <WalletFormModal network={network} onClose={close} onSaved={onSelect} /> }}
      manage={{ label: t('customer.picker.manageAddresses'), title: t('customer.picker.manageAddressesTitle'), manager: <WalletsManager /> }}
    />
  );
}
