import { useSay, useT } from '../../../i18n/use-t';
import { useState, type FormEvent } from 'react';
import { addressProblem } from '@desk/machines/addresses/address-validation';
import { isNetwork } from '@desk/machines/addresses/networks';
import { cleanAmountInput, quoteBuy, validateBuyAmount } from '@desk/machines/pricing/pricing';
import { AmountInput } from '../../../components/amount-input';
import { Field } from '../../../components/field';
import { NOTHING_AFTER_FEES, paysNothing } from '@desk/machines/order/order-placement.decide';
import { customerApi, type Network, type Order } from '../customer-api';
import { useWallets } from '../customer-queries';
import { NetworkOptions } from '../ui/network-options';
import { MethodChoice } from '../../../components/quote/method-choice';
import { OrderSubmit } from './order-submit';
import { QuotePreview } from '../../../components/quote/quote-preview';
import { buyQuoteLines } from '../../../components/quote/quote-lines';
import { useTradeForm } from './use-trade-form';
import { useSavedChoice } from './use-saved-choice';
import { WalletPicker } from './wallet-picker';
import { LimitHeadroomNote, overLimitProblem } from './limit-headroom';

/** Buy USDT with INR: amount, network and receiving address, with the quote the order will get. */
export function BuyForm({ onPlaced }: { onPlaced: (order: Order) => void }) {
  const t = useT();
  const say = useSay();
  const wallets = useWallets();
  const [network, setNetwork] = useState<Network>('TRC20');
  const { method, setMethod, amount, setAmount, order, rate, feePercent, loadError, headroom } = useTradeForm('buy', customerApi.placeBuy, onPlaced);

  const saved = wallets.data ?? [];
  const { selectedId, selected: wallet, pick } = useSavedChoice(saved);
  const walletError = wallets.isPending
    ? null
    : selectedId === ''
      ? 'Please select a USDT address'
      : !wallet
        ? 'Selected wallet not found'
        : addressProblem(wallet.address, network);
  // A missing address is only worth saying once the customer has started an order.
  const shownWalletError = selectedId === '' && amount === '' ? null : walletError;
  const amountError = validateBuyAmount(amount);
  const quote = rate && feePercent !== null && !amountError ? quoteBuy({ fiatAmount: cleanAmountInput(amount), rate, feePercent }) : null;
  // Fees and rounding can leave nothing to receive: the server refuses that order, so say so here.
  const netError = quote && paysNothing(quote.netUsdt) ? NOTHING_AFTER_FEES : null;
  const limitError = quote ? overLimitProblem(headroom, Number(quote.fiatAmount), t) : null;
  const ready = quote !== null && netError === null && limitError === null && rate !== null && wallet !== undefined && walletError === null && !order.isPending;

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!ready) return;
    order.place({ fiatAmount: quote.fiatAmount, network, withdrawAddress: wallet.address, method, expectedRate: rate });
  };

  return (
    <form className="trade-form" onSubmit={submit} noValidate aria-label={t('customer.trade.buy')}>
      <h2>{t('customer.trade.buy')}</h2>
      <MethodChoice value={method} onChange={setMethod} />
      <LimitHeadroomNote headroom={headroom} />
      <Field label={t('customer.trade.amountInr')} error={amount === '' ? null : say(amountError ?? netError ?? limitError ?? '') || null}>
        <AmountInput value={amount} onValueChange={setAmount} placeholder={t('customer.trade.inrPlaceholder')} />
      </Field>
      <Field label={t('customer.trade.network')}>
        <select value={network} onChange={(e) => isNetwork(e.target.value) && setNetwork(e.target.value)}>
          <NetworkOptions />
        </select>
      </Field>
      <WalletPicker
        wallets={saved}
        selectedId={selectedId}
        network={network}
        error={shownWalletError}
        onSelect={(w) => {
          pick(w);
          // The address decides the chain; following it avoids a wrong-network warning.
          if (isNetwork(w.network)) setNetwork(w.network);
        }}
      />
      <QuotePreview rate={rate} feePercent={feePercent} error={loadError} lines={buyQuoteLines(quote)} />
      <p className="muted small-text">{t('customer.trade.locked')}</p>
      <OrderSubmit order={order} method={method} ready={ready} onSubmit={() => submit()} />
    </form>
  );
}
