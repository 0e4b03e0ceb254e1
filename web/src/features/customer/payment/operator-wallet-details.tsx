import { useT } from '../../../i18n/use-t';
import { QRCodeSVG } from 'qrcode.react';
import { useOperatorWallets } from '../customer-queries';
import { CopyButton } from '../../../components/copy-button';
import { Detail } from '../../../components/detail';

/** Sells are received on TRC20 only (seed-spec section 9): no other network's address is ever shown. */
const SELL_NETWORK = 'TRC20';

/**
 * Where a seller sends the USDT: the address the order was placed with (the brand's TRC20 wallet at
 * the time; a sell is refused without one), else, for an order that has none, the brand's TRC20
 * wallet now. Never another network's wallet: the instructions beside it say "TRC20 only". The QR
 * is drawn from the address itself, so it always encodes exactly what is printed beside it.
 */
export function OperatorWalletDetails({ depositAddress }: { depositAddress: string | null }) {
  const t = useT();
  const { data } = useOperatorWallets({ enabled: !depositAddress });
  const address = depositAddress ?? data?.find((w) => w.network === SELL_NETWORK)?.address;
  // A failed fetch is only logged; the panel keeps its loading text (seed-spec section 8).
  if (!address && !data) return <p className="muted">{t('customer.pay.loadingWallet')}</p>;
  if (!address) return <p className="muted">{t('customer.pay.noWallet')}</p>;
  return (
    <div className="operator-wallet">
      <QRCodeSVG value={address} size={168} marginSize={2} role="img" aria-label={t('customer.pay.qr', { network: SELL_NETWORK, address })} />
      <dl className="details">
        <Detail label={t('customer.pay.network')}>{SELL_NETWORK}</Detail>
        <Detail label={t('customer.pay.address')}>
          <code className="address">{address}</code>
        </Detail>
      </dl>
      <CopyButton text={address} done={t('customer.pay.addressCopied')} label={t('customer.pay.copyAddress')} />
    </div>
  );
}
