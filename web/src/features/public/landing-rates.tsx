import { formatInr } from '@desk/machines/pricing/money-format';
import { isRateSet, selectRate, type RateTable, type SettlementMethod, type Side } from '@desk/machines/pricing/rate-choice';

type RateKey = 'usdt_bank_buy' | 'usdt_bank_sell' | 'usdt_cash_buy' | 'usdt_cash_sell';

const CARDS: [RateKey, string][] = [
  ['usdt_bank_buy', 'USDT Bank Buy'],
  ['usdt_bank_sell', 'USDT Bank Sell'],
  ['usdt_cash_buy', 'USDT Cash Buy'],
  ['usdt_cash_sell', 'USDT Cash Sell'],
];

const TABLE: [string, SettlementMethod][] = [
  ['USDT by Bank', 'bank'],
  ['USDT by Cash', 'cash'],
];

/** The rate an order of that side and method is priced at: its own, else usdtInr, else 85 (the server's rule, rate-choice.ts). */
const tradedAt = (rates: RateTable, side: Side, method: SettlementMethod) => formatInr(selectRate(rates, side, method).rate);

/**
 * The brand's rates. A card for each rate the brand has set (above 0, seed-spec section 2); the table
 * shows the rate every order is priced at, fallbacks included, so it never shows a dash while
 * customers trade at ₹85.
 */
export function LandingRates({ rates }: { rates: RateTable }) {
  const cards = CARDS.filter(([key]) => isRateSet(rates[key]));
  return (
    <>
      {cards.length > 0 && (
        <ul className="grid rate-cards">
          {cards.map(([key, label]) => (
            <li key={key} className="card rate-card">
              <span className="muted">{label}</span>
              <strong>{formatInr(String(rates[key]))}</strong>
            </li>
          ))}
        </ul>
      )}
      <div className="card table-wrap">
        <table>
          <caption className="muted">INR per 1 USDT</caption>
          <thead>
            <tr>
              <th scope="col">Rate</th>
              <th scope="col">Buy</th>
              <th scope="col">Sell</th>
            </tr>
          </thead>
          <tbody>
            {TABLE.map(([label, method]) => (
              <tr key={label}>
                <th scope="row">{label}</th>
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
