import { useT } from '../../i18n/use-t';

/** How an order goes, in three steps (the order lifecycle as a customer lives it). */
export function HowItWorks() {
  const t = useT();
  return (
    <section aria-labelledby="steps-title">
      <h2 id="steps-title">{t('landing.steps.title')}</h2>
      <ol className="grid steps">
        <li className="card">
          <h3>{t('landing.steps.account')}</h3>
          <p>{t('landing.steps.accountText')}</p>
        </li>
        <li className="card">
          <h3>{t('landing.steps.order')}</h3>
          <p>{t('landing.steps.orderText')}</p>
        </li>
        <li className="card">
          <h3>{t('landing.steps.pay')}</h3>
          <p>{t('landing.steps.payText')}</p>
        </li>
      </ol>
    </section>
  );
}
