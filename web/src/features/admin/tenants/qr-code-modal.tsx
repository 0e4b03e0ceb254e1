import { QRCodeSVG } from 'qrcode.react';
import { Modal } from '../../../components/modal';
import { CopyButton } from '../../../components/copy-button';

interface QrImageProps {
  wallet: { network: string; address: string; qrCodeUrl: string | null };
  size: number;
}

/** The stored QR image, or one drawn from the address when none is stored yet. */
export function QrImage({ wallet, size }: QrImageProps) {
  const alt = `QR code of the ${wallet.network} address ${wallet.address}`;
  if (wallet.qrCodeUrl) return <img src={wallet.qrCodeUrl} alt={alt} width={size} height={size} />;
  return <QRCodeSVG value={wallet.address} size={size} marginSize={2} role="img" aria-label={alt} />;
}

export function QrCodeModal({ wallet, onClose }: { wallet: QrImageProps['wallet']; onClose: () => void }) {
  return (
    <Modal title={`${wallet.network} Wallet QR Code`} onClose={onClose} size="small">
      <div className="admin-qr-large">
        <QrImage wallet={wallet} size={280} />
        <code className="admin-mono">{wallet.address}</code>
        <CopyButton text={wallet.address} label="Copy Address" done="Address copied to clipboard!" />
      </div>
    </Modal>
  );
}
