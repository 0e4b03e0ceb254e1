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

const optionText = (w: Wallet) => [w.network, w.label, shortAddress(w.address)].filter(Boolean).join(' · ') + (w.isDefault ? ' (default)' : '');

/** The buy form's receiving address; one added here starts on the form's network. */
export function WalletPicker({ wallets, selectedId, network, error, onSelect }: WalletPickerProps) {
  return (
    <SavedPicker
      label="USDT address"
      error={error}
      saved={wallets}
      selectedId={selectedId}
      optionText={optionText}
      placeholder={{ some: 'Select an address', none: 'No saved addresses' }}
      removed="Removed address"
      onSelect={onSelect}
      add={{ label: 'Add Address', dialog: (close) => <WalletFormModal network={network} onClose={close} onSaved={onSelect} /> }}
      manage={{ label: 'Manage Addresses', title: 'Manage USDT Addresses', manager: <WalletsManager /> }}
    />
  );
}
