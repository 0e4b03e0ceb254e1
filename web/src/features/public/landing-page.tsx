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
import { useT } from '../../i18n/use-t';
import { LanguageSwitch } from '../../i18n/language-switch';
import './public.css';

/**
 * `/`: the brand, its live rates, a calculator, how it works, hours and limits, and ways in (seed-spec
 * section 2, issue 29). A signed-in user (a new customer lands here after sign-up) is shown who they
 * are and a link to their dashboard instead of Login and Register. In the first bundle, so the calculator
 * (and the decimal maths under it) comes once the visitor does anything on the page (docs/performance.md).
 */
export function LandingPage() {
  const t = useT();
  const config = usePublicConfig();
  const user = useSignedInUser();
  // Buy now / Sell now go to /login (seed-spec section 2); someone signed in goes straight to their own area.
  const tradeLink = user && user !== 'checking' ? homeFor(user) : '/login';

  return (
    // What the brand's config decides (rates, the calculator, hours, the contact) is laid out hidden until it
    // arrives, then shown at once: nothing on the screen moves under the reader (Lighthouse's layout shift).
    <div className="public-page" data-config={config.isPending ? 'pending' : 'ready'}>
      <header className="site-header">
        <BrandMark heading />
        <div className="row header-end">
          <LanguageSwitch />
          <LandingAccount user={user} />
        </div>
      </header>

      <main>
        <section className="hero" aria-labelledby="hero-title">
          <h2 id="hero-title">{t('landing.hero.title')}</h2>
          <p>{t('landing.hero.lead')}</p>
          <div className="row">
            <Link className="btn" to={tradeLink}>
              {t('landing.hero.buy')}
            </Link>
            <Link className="btn secondary" to={tradeLink}>
              {t('landing.hero.sell')}
            </Link>
          </div>
        </section>

        {config.isPending && (
          <p role="status" className="muted">
            {t('landing.rates.loading')}
          </p>
        )}
        <div className="landing-after-config">
          <section aria-labelledby="rates-title">
            <h2 id="rates-title">{t('landing.rates.title')}</h2>
            {config.isError && (
              <p role="alert" className="error">
                {t('landing.rates.failed')}
              </p>
            )}
            {config.data && <LandingRates rates={config.data.rates} />}
          </section>

          {config.data && <CalculatorSlot rates={config.data.rates} fees={config.data.fees} />}
          <HowItWorks />
          {config.data && <HoursAndLimits hours={config.data.brand.support?.hours ?? null} limits={config.data.limits} />}
        </div>
      </main>

      <div className="landing-after-config">
        <LandingFooter support={config.data?.brand.support} />
      </div>
    </div>
  );
}
