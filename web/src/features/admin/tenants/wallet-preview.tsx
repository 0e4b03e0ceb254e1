import { QRCodeSVG } from 'qrcode.react';
import { Detail } from '../../../components/detail';
import { NETWORK_OPTIONS, qrPreview, type WalletDraft } from './wallet-draft';

interface WalletPreviewProps {
  tenantName: string | undefined;
  draft: WalletDraft;
}

/** The wallet as customers will see it on a sell: network, address and the QR they scan. */
export function WalletPreview({ tenantName, draft }: WalletPreviewProps) {
  const qr = qrPreview(draft);
  const address = draft.address.trim();
  const network = NETWORK_OPTIONS.find((n) => n.value === draft.network)?.label ?? '-';
  return (
    <aside className="card admin-preview" aria-labelledby="wallet-preview-title">
      <h2 id="wallet-preview-title">Preview</h2>
      <dl className="admin-details" style={{ gridTemplateColumns: '1fr' }}>
        <Detail label="Tenant">{tenantName ?? 'No tenant selected'}</Detail>
        <Detail label="Network">{network}</Detail>
        <Detail label="Address" className="admin-mono">
          {address || '-'}
        </Detail>
      </dl>
      <div className="admin-qr-large">
        {qr ? (
          <img src={qr} alt="QR code preview" />
        ) : address ? (
          <>
            <QRCodeSVG value={address} size={200} marginSize={2} role="img" aria-label="QR code preview made from the address" />
            <span className="muted">Made from the address when saved</span>
          </>
        ) : (
          <span className="muted">Enter an address to see its QR code</span>
        )}
        <span className={`badge${draft.isActive ? ' admin-default' : ' admin-inactive'}`}>{draft.isActive ? 'Active' : 'Inactive'}</span>
      </div>
    </aside>
  );
}
