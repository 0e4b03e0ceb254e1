import { formatInr, groupIndian } from '@desk/machines/pricing/money-format';
import { useT } from '../../i18n/use-t';
import { Detail } from '../../components/detail';

type Range = { min: number; max: number };
export interface PublicLimits {
  buyInr?: Range;
  sellUsdt?: Range;
}

/**
 * When support answers (the brand's own words, only if it gave them) and the per-order limits every
 * customer of the brand has: public in /api/config/public. A customer's daily and monthly limits
 * and the desk's controls are not shown here (decision 0035).
 */
export function HoursAndLimits({ hours, limits }: { hours: string | null; limits: PublicLimits | undefined }) {
  const t = useT();
  const { buyInr, sellUsdt } = limits ?? {};
  if (!hours && !buyInr && !sellUsdt) return null;
  return (
    <section aria-labelledby="hours-title" className="card">
      <h2 id="hours-title">{t('landing.hours.title')}</h2>
      <dl className="facts">
        {hours && <Detail label={t('landing.hours.support')}>{hours}</Detail>}
        {buyInr && (
          <Detail label={t('landing.hours.buy')}>{t('landing.hours.range', { min: formatInr(String(buyInr.min)), max: formatInr(String(buyInr.max)) })}</Detail>
        )}
        {sellUsdt && (
          <Detail label={t('landing.hours.sell')}>
            {t('landing.hours.usdtRange', { min: groupIndian(String(sellUsdt.min)), max: groupIndian(String(sellUsdt.max)) })}
          </Detail>
        )}
      </dl>
    </section>
  );
}
