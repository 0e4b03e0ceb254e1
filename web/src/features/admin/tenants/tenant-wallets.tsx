import { useState } from 'react';
import { shortAddress } from '../../../lib/order-format';
import type { Tenant, TenantWallet } from './tenant-api';
import { QrCodeModal, QrImage } from './qr-code-modal';
import { TenantListSection } from './tenant-list-section';

interface TenantWalletsProps {
  tenant: Tenant;
  saving: boolean;
  onToggle: (index: number) => void;
}

const walletName = (wallet: TenantWallet) => `${wallet.network} ${shortAddress(wallet.address)}`;

/** The tenant's crypto wallets, where its customers send the USDT of their sells; each QR opens large. */
export function TenantWallets({ tenant, saving, onToggle }: TenantWalletsProps) {
  const [enlarged, setEnlarged] = useState<TenantWallet | null>(null);
  return (
    <TenantListSection
      tenant={tenant}
      list="cryptoWallets"
      columns={[
        { header: 'Network', cell: (wallet) => wallet.network },
        { header: 'Address', className: 'admin-mono', title: (wallet) => wallet.address, cell: (wallet) => wallet.address },
        {
          header: 'QR Code',
          cell: (wallet) => (
            <button type="button" className="admin-qr-thumb" aria-label={`Show QR code of ${walletName(wallet)}`} onClick={() => setEnlarged(wallet)}>
              <QrImage wallet={wallet} size={44} />
            </button>
          ),
        },
      ]}
      what={walletName}
      saving={saving}
      onToggle={onToggle}
    >
      {enlarged && <QrCodeModal wallet={enlarged} onClose={() => setEnlarged(null)} />}
    </TenantListSection>
  );
}
