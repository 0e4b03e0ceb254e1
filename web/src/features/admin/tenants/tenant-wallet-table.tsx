import { useState } from 'react';
import { shortAddress } from '../../../lib/order-format';
import type { TenantWallet } from './tenant-api';
import { ActiveSwitch } from './active-switch';
import { QrCodeModal, QrImage } from './qr-code-modal';

interface TenantWalletTableProps {
  wallets: TenantWallet[];
  saving: boolean;
  onToggle: (index: number) => void;
}

export function TenantWalletTable({ wallets, saving, onToggle }: TenantWalletTableProps) {
  const [enlarged, setEnlarged] = useState<TenantWallet | null>(null);
  if (wallets.length === 0) return <p className="admin-empty">No crypto wallets yet</p>;
  return (
    <div className="table-wrap">
      <table className="admin-table" aria-label="Crypto wallets">
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Network</th>
            <th scope="col">Address</th>
            <th scope="col">QR Code</th>
            <th scope="col">Active</th>
          </tr>
        </thead>
        <tbody>
          {wallets.map((wallet, index) => (
            <tr key={wallet._id}>
              <td>{index + 1}</td>
              <td>{wallet.network}</td>
              <td className="admin-mono" title={wallet.address}>
                {wallet.address}
              </td>
              <td>
                <button type="button" className="admin-qr-thumb" aria-label={`Show QR code of ${wallet.network} ${shortAddress(wallet.address)}`} onClick={() => setEnlarged(wallet)}>
                  <QrImage wallet={wallet} size={44} />
                </button>
              </td>
              <td>
                <ActiveSwitch active={wallet.isActive} what={`${wallet.network} ${shortAddress(wallet.address)}`} disabled={saving} onToggle={() => onToggle(index)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {enlarged && <QrCodeModal wallet={enlarged} onClose={() => setEnlarged(null)} />}
    </div>
  );
}
