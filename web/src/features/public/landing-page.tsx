import { Link } from 'react-router';
import { usePublicConfig } from '../../lib/public-config';
import { homeFor } from '../../lib/session';
import { BrandMark } from './brand-mark';
import { LandingAccount, useSignedInUser } from './landing-account';
import { CalculatorSlot } from './landing-calculator-slot';
import { LandingFooter } from './landing-footer';
import { HoursAndLimits } from './landing-hours';
import { LandingRates } from './landing-rates';
import { HowItWorks } from './landing-steps';
import './public.css';

/**
 * `/`: the brand, its live rates, a calculator, how it works, hours and limits, and ways in (seed-spec
 * section 2, issue 29). A signed-in user (a new customer lands here after sign-up) is shown who they
 * are and a link to their dashboard instead of Login and Register. In the first bundle, so the calculator
 * (and the decimal maths under it) comes once the visitor does anything on the page (docs/performance.md).
 */
export function LandingPage() {
  const config = usePublicConfig();
  const user = useSignedInUser();
  // Buy now / Sell now go to /login (seed-spec section 2); someone signed in goes straight to their own area.
  const tradeLink = user && user !== 'checking' ? homeFor(user) : '/login';

  return (
    <div className="public-page">
      <header className="site-header">
        <BrandMark heading />
        <LandingAccount user={user} />
      </header>

      <main>
        <section className="hero" aria-labelledby="hero-title">
          <h2 id="hero-title">Buy and sell USDT with INR</h2>
          <p>Live rates, the fee shown before you order, and bank transfer or cash.</p>
          <div className="row">
            <Link className="btn" to={tradeLink}>
              Buy now
            </Link>
            <Link className="btn secondary" to={tradeLink}>
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
          {config.data && <LandingRates rates={config.data.rates} />}
        </section>

        {config.data && <CalculatorSlot rates={config.data.rates} fees={config.data.fees} />}
        <HowItWorks />
        {config.data && <HoursAndLimits hours={config.data.brand.support?.hours ?? null} limits={config.data.limits} />}
      </main>

      <LandingFooter support={config.data?.brand.support} />
    </div>
  );
}
