import { useQuery } from '@tanstack/react-query';
import { formatInr } from '@desk/machines/pricing/pricing';
import { customerApi, type LimitHeadroom } from '../customer-api';
import { keys } from '../customer-queries';
import { useT, type Translate } from '../../../i18n/use-t';

/** What the customer may still order under their limits; the server counts again when they place. */
export function useLimitHeadroom() {
  return useQuery({ queryKey: keys.limits, queryFn: customerApi.limits, staleTime: 10_000 });
}

/** The tighter of the two windows' remaining INR, or null when no limit applies (or none is loaded). */
export function remainingInr(headroom: LimitHeadroom | undefined): number | null {
  const left = [headroom?.daily, headroom?.monthly].flatMap((w) => (w ? [w.remainingInr] : []));
  return left.length === 0 ? null : Math.min(...left);
}

/** The amount field's message when an order is over what is left (the server's check says the same, in full). */
export function overLimitProblem(headroom: LimitHeadroom | undefined, inr: number, t: Translate): string | null {
  const left = remainingInr(headroom);
  if (left === null || inr <= left) return null;
  return left === 0 ? t('customer.limits.reached') : t('customer.limits.over', { left: formatInr(String(left)) });
}

/** Shown before the customer types: each limit, and what is left of it. */
export function LimitHeadroomNote({ headroom }: { headroom: LimitHeadroom | undefined }) {
  const t = useT();
  if (!headroom || (!headroom.daily && !headroom.monthly)) return null;
  const parts = [
    headroom.daily && t('customer.limits.daily', { left: formatInr(String(headroom.daily.remainingInr)), limit: formatInr(String(headroom.daily.limitInr)) }),
    headroom.monthly &&
      t('customer.limits.monthly', { left: formatInr(String(headroom.monthly.remainingInr)), limit: formatInr(String(headroom.monthly.limitInr)) }),
  ].filter(Boolean);
  return (
    <p className="muted small-text" aria-label={t('customer.limits.label')}>
      {t('customer.limits.lead', { parts: parts.join(', ') })}
    </p>
  );
}
