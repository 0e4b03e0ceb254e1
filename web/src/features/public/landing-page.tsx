import { Link } from 'react-router';
import { formatInr } from '@desk/machines/pricing/money-format';
import { usePublicConfig } from '../../lib/public-config';
import { BrandMark } from './brand-mark';
import './public.css';

type RateKey = 'usdt_bank_buy' | 'usdt_bank_sell' | 'usdt_cash_buy' | 'usdt_cash_sell';

const CARDS: [RateKey, string][] = [
  ['usdt_bank_buy', 'USDT Bank Buy'],
  ['usdt_bank_sell', 'USDT Bank Sell'],
  ['usdt_cash_buy', 'USDT Cash Buy'],
  ['usdt_cash_sell', 'USDT Cash Sell'],
];

const TABLE: [string, RateKey, RateKey][] = [
  ['USDT by Bank', 'usdt_bank_buy', 'usdt_bank_sell'],
  ['USDT by Cash', 'usdt_cash_buy', 'usdt_cash_sell'],
];

/** A rate is set only when above 0 (seed-spec section 2); unset ones are hidden or shown as a dash. */
function rateText(rate: unknown): string | null {
  return (typeof rate === 'number' || typeof rate === 'string') && Number(rate) > 0 ? formatInr(String(rate)) : null;
}

/** `/`: brand, the four rates, a rate table, and ways in. In the first bundle, so kept to what it shows. */
export function LandingPage() {
  const config = usePublicConfig();
  const rates: Partial<Record<RateKey, unknown>> = config.data?.rates ?? {};
  const cards = CARDS.map(([key, label]) => ({ key, label, text: rateText(rates[key]) })).filter((card) => card.text);

  return (
    <div className="public-page">
      <header className="site-header">
        <BrandMark heading />
        <nav aria-label="Account" className="row">
          <Link className="btn secondary" to="/login">
            Login
          </Link>
          <Link className="btn" to="/register">
            Register
          </Link>
        </nav>
      </header>

      <main>
        <section className="hero" aria-labelledby="hero-title">
          <h2 id="hero-title">Buy and sell USDT with INR</h2>
          <div className="row">
            <Link className="btn" to="/login">
              Buy now
            </Link>
            <Link className="btn secondary" to="/login">
              Sell now
            </Link>
          </div>
        </section>

        <section aria-labelledby="rates-title">
          <h2 id="rates-title">Live rates</h2>
          {config.isPending && (
            <p role="status" className="muted">
              Loading rates…
            </p>
          )}
          {config.isError && (
            <p role="alert" className="error">
              Rates are unavailable right now. Please try again later.
            </p>
          )}
          {cards.length > 0 && (
            <ul className="grid rate-cards">
              {cards.map((card) => (
                <li key={card.key} className="card rate-card">
                  <span className="muted">{card.label}</span>
                  <strong>{card.text}</strong>
                </li>
              ))}
            </ul>
          )}
          {config.data && (
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
                  {TABLE.map(([label, buy, sell]) => (
                    <tr key={label}>
                      <th scope="row">{label}</th>
                      <td>{rateText(rates[buy]) ?? '—'}</td>
                      <td>{rateText(rates[sell]) ?? '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      </main>

      <footer className="site-footer">
        <ul className="row">
          <li>24/7 support</li>
          <li>Response under 5 minutes</li>
        </ul>
      </footer>
    </div>
  );
}
