import { useState } from 'react';
import { Modal } from '../../../components/modal';
import { Field } from '../../../components/field';
import type { Network, Wallet } from '../customer-api';
import { shortAddress } from '../../../lib/order-format';
import { WalletFormModal } from '../wallets/wallet-form-modal';
import { WalletsManager } from '../wallets/wallets-manager';

interface WalletPickerProps {
  wallets: readonly Wallet[];
  selectedId: string;
  network: Network;
  error: string | null;
  onSelect: (wallet: Wallet) => void;
}

const optionText = (w: Wallet) => [w.network, w.label, shortAddress(w.address)].filter(Boolean).join(' · ') + (w.isDefault ? ' (default)' : '');

/** Choose the receiving address from the saved ones, or add and manage them without leaving the form. */
export function WalletPicker({ wallets, selectedId, network, error, onSelect }: WalletPickerProps) {
  const [dialog, setDialog] = useState<'add' | 'manage' | null>(null);
  const close = () => setDialog(null);
  return (
    <>
      <Field label="USDT address" error={error}>
        <select
          value={selectedId}
          onChange={(e) => {
            const wallet = wallets.find((w) => w._id === e.target.value);
            if (wallet) onSelect(wallet);
          }}
        >
          {selectedId === '' && <option value="">{wallets.length ? 'Select an address' : 'No saved addresses'}</option>}
          {selectedId !== '' && !wallets.some((w) => w._id === selectedId) && <option value={selectedId}>Removed address</option>}
          {wallets.map((w) => (
            <option key={w._id} value={w._id}>
              {optionText(w)}
            </option>
          ))}
        </select>
      </Field>
      <div className="row picker-actions">
        <button type="button" className="btn secondary small" onClick={() => setDialog('add')}>
          Add Address
        </button>
        <button type="button" className="btn secondary small" onClick={() => setDialog('manage')}>
          Manage Addresses
        </button>
      </div>
      {dialog === 'add' && <WalletFormModal network={network} onClose={close} onSaved={onSelect} />}
      {dialog === 'manage' && (
        <Modal title="Manage USDT Addresses" onClose={close} size="large">
          <WalletsManager />
        </Modal>
      )}
    </>
  );
}
