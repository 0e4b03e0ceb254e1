import { useSay, useT } from '../../../i18n/use-t';
import type { FormEvent } from 'react';
import { quoteSell, validateSellAmount } from '@desk/machines/pricing/pricing';
import { Field } from '../../../components/field';
import { WholeUsdtInput } from '../../../components/amount-input';
import { NOTHING_AFTER_FEES, paysNothing } from '@desk/machines/order/order-placement.decide';
import { customerApi, type Order } from '../customer-api';
import { useBankAccounts } from '../customer-queries';
import { BankPicker } from './bank-picker';
import { MethodChoice } from '../../../components/quote/method-choice';
import { OrderSubmit } from './order-submit';
import { QuotePreview } from '../../../components/quote/quote-preview';
import { sellQuoteLines } from '../../../components/quote/quote-lines';
import { LimitHeadroomNote, overLimitProblem } from './limit-headroom';
import { useTradeForm } from './use-trade-form';
import { useSavedChoice } from './use-saved-choice';

/** Sell USDT for INR: whole USDT on TRC20, paid out to a saved bank account or in cash. */
export function SellForm({ onPlaced }: { onPlaced: (order: Order) => void }) {
  const t = useT();
  const say = useSay();
  const banks = useBankAccounts();
  const { method, setMethod, amount, setAmount, order, rate, feePercent, loadError, headroom } = useTradeForm('sell', customerApi.placeSell, onPlaced);

  const saved = banks.data ?? [];
  const { selectedId, selected: account, pick } = useSavedChoice(saved);
  const bankError = method === 'bank' && !banks.isPending && !account ? 'Please select a bank account' : null;
  // (Shown only once an amount is entered: a missing account is not worth an error on arrival.)
  const amountError = validateSellAmount(amount);
  const quote = rate && feePercent !== null && !amountError ? quoteSell({ cryptoAmount: amount.trim(), rate, feePercent }) : null;
  // Fees and rounding can leave nothing to receive: the server refuses that order, so say so here.
  const netError = quote && paysNothing(quote.netInr) ? NOTHING_AFTER_FEES : null;
  // A sell counts against the limits by the INR it pays out.
  const limitError = quote ? overLimitProblem(headroom, Number(quote.netInr), t) : null;
  const payoutReady = method === 'cash' || (account !== undefined && bankError === null);
  const ready = quote !== null && netError === null && limitError === null && rate !== null && payoutReady && !order.isPending;

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!ready) return;
    const payout = method === 'bank' && account ? { bankAccountId: account._id } : {};
    order.place({ cryptoAmount: amount.trim(), network: 'TRC20', method, ...payout, expectedRate: rate });
  };

  return (
    <form className="trade-form" onSubmit={submit} noValidate aria-label={t('customer.trade.sell')}>
      <h2>{t('customer.trade.sell')}</h2>
      <MethodChoice value={method} onChange={setMethod} />
      <LimitHeadroomNote headroom={headroom} />
      <Field
        label={t('customer.trade.amountUsdt')}
        error={amount === '' ? null : say(amountError ?? netError ?? limitError ?? '') || null}
        hint={t('customer.trade.wholeUsdt')}
      >
        <WholeUsdtInput value={amount} onValueChange={setAmount} placeholder={t('customer.trade.usdtPlaceholder')} />
      </Field>
      <Field label={t('customer.trade.network')} hint={t('customer.trade.trc20Only')}>
        <input value="TRC20" readOnly />
      </Field>
      {method === 'bank' && <BankPicker accounts={saved} selectedId={selectedId} error={amount === '' ? null : bankError} onSelect={pick} />}
      <QuotePreview rate={rate} feePercent={feePercent} error={loadError} lines={sellQuoteLines(quote)} />
      <OrderSubmit order={order} method={method} ready={ready} onSubmit={() => submit()} />
    </form>
  );
}
