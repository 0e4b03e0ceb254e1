import { formatInr } from '@desk/machines/pricing/money-format';
import { isRateSet, selectRate, type RateTable, type SettlementMethod, type Side } from '@desk/machines/pricing/rate-choice';
import { useT, type TextKey } from '../../i18n/use-t';

type RateKey = 'usdt_bank_buy' | 'usdt_bank_sell' | 'usdt_cash_buy' | 'usdt_cash_sell';

const CARDS: [RateKey, TextKey][] = [
  ['usdt_bank_buy', 'landing.rates.bankBuy'],
  ['usdt_bank_sell', 'landing.rates.bankSell'],
  ['usdt_cash_buy', 'landing.rates.cashBuy'],
  ['usdt_cash_sell', 'landing.rates.cashSell'],
];

const TABLE: [TextKey, SettlementMethod][] = [
  ['landing.rates.byBank', 'bank'],
  ['landing.rates.byCash', 'cash'],
];

/** The rate an order of that side and method is priced at: its own, else usdtInr, else 85 (the server's rule, rate-choice.ts). */
const tradedAt = (rates: RateTable, side: Side, method: SettlementMethod) => formatInr(selectRate(rates, side, method).rate);

/**
 * The brand's rates. A card for each rate the brand has set (above 0, seed-spec section 2); the table
 * shows the rate every order is priced at, fallbacks included, so it never shows a dash while
 * customers trade at ₹85.
 */
export function LandingRates({ rates }: { rates: RateTable }) {
  const t = useT();
  const cards = CARDS.filter(([key]) => isRateSet(rates[key]));
  return (
    <>
      {cards.length > 0 && (
        <ul className="grid rate-cards">
          {cards.map(([key, label]) => (
            <li key={key} className="card rate-card">
              <span className="muted">{t(label)}</span>
              <strong>{formatInr(String(rates[key]))}</strong>
            </li>
          ))}
        </ul>
      )}
      <div className="card table-wrap">
        <table>
          <caption className="muted">{t('landing.rates.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('landing.rates.rate')}</th>
              <th scope="col">{t('landing.rates.buy')}</th>
              <th scope="col">{t('landing.rates.sell')}</th>
            </tr>
          </thead>
          <tbody>
            {TABLE.map(([label, method]) => (
              <tr key={label}>
                <th scope="row">{t(label)}</th>
                <td>{tradedAt(rates, 'buy', method)}</td>
                <td>{tradedAt(rates, 'sell', method)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
