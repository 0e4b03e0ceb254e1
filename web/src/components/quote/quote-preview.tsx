import { formatInr } from '@desk/machines/pricing/money-format';
import { ErrorAlert } from '../error-alert';
import { useSay, useT, type TextKey } from '../../i18n/use-t';
import './quote.css';
import { Detail } from '../detail';

/** How the amounts are rounded, in the customer's words: what the order will record. */
export const QUOTE_ROUNDING = 'Shown exactly as your order will record it: what you receive is rounded down to 0.01 USDT or ₹1, and the fee up.';

export interface QuoteLine {
  label: TextKey;
  value: string;
  /** The line the customer cares about most (what they receive). */
  strong?: boolean;
}

interface QuotePreviewProps {
  rate: string | null;
  feePercent: string | null;
  lines: readonly QuoteLine[];
  /** Why there is no rate to preview ('Failed to load data'), if that is why. */
  error?: string | null;
}

/**
 * Rate, fee percent and the amounts the order will be placed with; dashes until the amount is valid.
 * The amounts are the order's own (machines/src/pricing/pricing.ts), rounded as it records them
 * (decision 0006), and the line under them says so: ₹25,000 at ₹85 is 294.11 USDT, not 294.12.
 */
export function QuotePreview({ rate, feePercent, lines, error = null }: QuotePreviewProps) {
  const t = useT();
  const say = useSay();
  return (
    <>
      <dl className="quote" aria-label={t('quote.preview')}>
        <Detail label={t('quote.rate')}>{rate ? t('quote.perUsdt', { rate: formatInr(rate) }) : '-'}</Detail>
        <Detail label={t('quote.fee')}>{feePercent !== null ? `${feePercent}%` : '-'}</Detail>
        {lines.map((line) => (
          <div key={line.label} className={line.strong ? 'strong' : undefined}>
            <dt>{t(line.label)}</dt>
            <dd>{line.value}</dd>
          </div>
        ))}
      </dl>
      <p className="muted quote-rounding">{t('quote.rounding')}</p>
      <ErrorAlert>{error && say(error)}</ErrorAlert>
    </>
  );
}
