import { formatInr } from '@desk/machines/pricing/pricing';
import { ErrorAlert } from '../../../components/error-alert';

export interface QuoteLine {
  label: string;
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

/** Rate, fee percent and the amounts the order will be placed with; dashes until the amount is valid. */
export function QuotePreview({ rate, feePercent, lines, error = null }: QuotePreviewProps) {
  return (
    <>
      <dl className="quote" aria-label="Fee and rate preview">
        <div>
          <dt>Rate</dt>
          <dd>{rate ? `${formatInr(rate)} / USDT` : '-'}</dd>
        </div>
        <div>
          <dt>Fee</dt>
          <dd>{feePercent !== null ? `${feePercent}%` : '-'}</dd>
        </div>
        {lines.map((line) => (
          <div key={line.label} className={line.strong ? 'strong' : undefined}>
            <dt>{line.label}</dt>
            <dd>{line.value}</dd>
          </div>
        ))}
      </dl>
      <ErrorAlert>{error}</ErrorAlert>
    </>
  );
}
