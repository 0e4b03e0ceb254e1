import { QRCodeSVG } from 'qrcode.react';
import { useOperatorWallets } from '../customer-queries';
import { CopyButton } from '../../../components/copy-button';
import { Detail } from '../../../components/detail';

/**
 * Where a seller sends the USDT: the wallet the order was placed with (its deposit address), else
 * the tenant's TRC20 wallet. The QR is drawn from the address itself, so it always encodes exactly
 * what is printed beside it.
 */
export function OperatorWalletDetails({ depositAddress }: { depositAddress: string | null }) {
  const { data } = useOperatorWallets();
  // A failed fetch is only logged; the panel keeps its loading text (seed-spec section 8).
  if (!data) return <p className="muted">Loading wallet details...</p>;
  const wallet = data.find((w) => w.address === depositAddress) ?? data.find((w) => w.network === 'TRC20') ?? data[0];
  if (!wallet) return <p className="muted">No wallet details available. Please contact support.</p>;
  return (
    <div className="operator-wallet">
      <QRCodeSVG value={wallet.address} size={168} marginSize={2} role="img" aria-label={`QR code of the ${wallet.network} address ${wallet.address}`} />
      <dl className="details">
        <Detail label="Network">{wallet.network}</Detail>
        <Detail label="Address">
          <code className="address">{wallet.address}</code>
        </Detail>
      </dl>
      <CopyButton text={wallet.address} done="Address copied to clipboard!" label="Copy Address" />
    </div>
  );
}
