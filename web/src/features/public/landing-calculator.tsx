import { useId, useState } from 'react';
import { cleanAmountInput, quoteBuy, quoteSell, validateBuyAmount, validateSellAmount } from '@desk/machines/pricing/pricing';
import { selectFeePercent, selectRate, type FeeTable, type RateTable, type SettlementMethod, type Side } from '@desk/machines/pricing/rate-choice';
import { AmountInput, WholeUsdtInput } from '../../components/amount-input';
import { Field } from '../../components/field';
import { MethodChoice } from '../../components/quote/method-choice';
import { QuotePreview } from '../../components/quote/quote-preview';
import { buyQuoteLines, sellQuoteLines } from '../../components/quote/quote-lines';
import { useT, type TextKey } from '../../i18n/use-t';

const SIDES: readonly { side: Side; label: TextKey }[] = [
  { side: 'buy', label: 'landing.calculator.buy' },
  { side: 'sell', label: 'landing.calculator.sell' },
];

/**
 * What an order would give, before signing up: buy or sell, bank or cash, at the brand's rate and
 * fee, with the very preview (and rounding) of the customer's trading cards and the order's own
 * quote functions. Nothing is ordered here. Loaded on demand (landing-calculator-slot.tsx).
 */
export default function LandingCalculator({ rates, fees }: { rates: RateTable; fees: FeeTable }) {
  const t = useT();
  const [side, setSide] = useState<Side>('buy');
  const [method, setMethod] = useState<SettlementMethod>('bank');
  const [amounts, setAmounts] = useState<Record<Side, string>>({ buy: '', sell: '' });
  const sideName = useId();

  const amount = amounts[side];
  const amountError = side === 'buy' ? validateBuyAmount(amount) : validateSellAmount(amount);
  const rate = selectRate(rates, side, method).rate;
  const feePercent = selectFeePercent(fees, side);
  const lines =
    side === 'buy'
      ? buyQuoteLines(!amountError ? quoteBuy({ fiatAmount: cleanAmountInput(amount), rate, feePercent }) : null)
      : sellQuoteLines(!amountError ? quoteSell({ cryptoAmount: amount.trim(), rate, feePercent }) : null);
  const setAmount = (text: string) => setAmounts((a) => ({ ...a, [side]: text }));

  return (
    <form aria-labelledby="calculator-title" onSubmit={(e) => e.preventDefault()}>
      <fieldset className="field method-choice">
        <legend>{t('landing.calculator.side')}</legend>
        <div className="row">
          {SIDES.map((s) => (
            <label key={s.side} className="check">
              <input type="radio" name={sideName} checked={side === s.side} onChange={() => setSide(s.side)} /> {t(s.label)}
            </label>
          ))}
        </div>
      </fieldset>
      <MethodChoice value={method} onChange={setMethod} />
      {side === 'buy' ? (
        <Field label={t('landing.calculator.amountInr')} error={amount === '' ? null : amountError}>
          <AmountInput value={amount} onValueChange={setAmount} placeholder={t('landing.calculator.inrPlaceholder')} />
        </Field>
      ) : (
        <Field label={t('landing.calculator.amountUsdt')} error={amount === '' ? null : amountError} hint={t('landing.calculator.wholeUsdt')}>
          <WholeUsdtInput value={amount} onValueChange={setAmount} placeholder={t('landing.calculator.usdtPlaceholder')} />
        </Field>
      )}
      <QuotePreview rate={rate} feePercent={feePercent} lines={lines} />
    </form>
  );
}
