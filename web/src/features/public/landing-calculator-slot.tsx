import { lazy, Suspense } from 'react';
import type { FeeTable, RateTable } from '@desk/machines/pricing/rate-choice';
import { useFirstInteraction } from './use-first-interaction';
import { useT } from '../../i18n/use-t';

// The calculator shares the customer's trading preview and the order's decimal maths; both come
// with it, once the visitor does anything on the page, instead of with the page (docs/performance.md).
const LandingCalculator = lazy(() => import('./landing-calculator'));

/** The calculator's card: its heading at once, the calculator itself after the visitor's first move. */
export function CalculatorSlot({ rates, fees }: { rates: RateTable; fees: FeeTable }) {
  const t = useT();
  const [wanted, want] = useFirstInteraction();
  const waiting = (
    <div className="calculator-waiting">
      <p className="muted">{t('landing.calculator.lead')}</p>
      <button type="button" className="btn secondary" onClick={want}>
        {t('landing.calculator.open')}
      </button>
    </div>
  );
  return (
    <section className="card calculator" aria-labelledby="calculator-title">
      <h2 id="calculator-title">{t('landing.calculator.title')}</h2>
      {wanted ? (
        <Suspense fallback={<p className="muted calculator-waiting">{t('landing.calculator.loading')}</p>}>
          <LandingCalculator rates={rates} fees={fees} />
        </Suspense>
      ) : (
        waiting
      )}
    </section>
  );
}
