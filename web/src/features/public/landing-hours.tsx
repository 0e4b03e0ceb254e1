import { formatInr, groupIndian } from '@desk/machines/pricing/money-format';

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
  const { buyInr, sellUsdt } = limits ?? {};
  if (!hours && !buyInr && !sellUsdt) return null;
  return (
    <section aria-labelledby="hours-title" className="card">
      <h2 id="hours-title">Hours and limits</h2>
      <dl className="facts">
        {hours && (
          <div>
            <dt>Support hours</dt>
            <dd>{hours}</dd>
          </div>
        )}
        {buyInr && (
          <div>
            <dt>Buy, per order</dt>
            <dd>
              {formatInr(String(buyInr.min))} to {formatInr(String(buyInr.max))}
            </dd>
          </div>
        )}
        {sellUsdt && (
          <div>
            <dt>Sell, per order</dt>
            <dd>
              {groupIndian(String(sellUsdt.min))} to {groupIndian(String(sellUsdt.max))} USDT
            </dd>
          </div>
        )}
      </dl>
    </section>
  );
}
