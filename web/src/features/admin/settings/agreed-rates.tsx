import { Detail } from '../../../components/detail';
import { formatDateTime } from '../../../lib/format-date-time';
import type { AdminSettings } from './settings-api';
import { RATE_FIELDS } from './settings-draft';

type AgreedRatesJson = AdminSettings['agreedRates'];

/** The four rates an order is priced at (the base rate is agreed through them). */
const PRICED = RATE_FIELDS.filter((field): field is { key: keyof AgreedRatesJson; label: string } => field.key !== 'usdtInr');

const when = (confirmedAt: string | null) =>
  confirmedAt ? `confirmed by two admins on ${formatDateTime(confirmedAt)}` : 'the rate in force when agreed rates began';

/**
 * The agreed rates (decision 0030, addendum of 2026-11-27): what a rate move is measured from. A
 * desk whose market moves further than the re-quote band from the agreed rate needs a colleague to
 * confirm the new rate, which then becomes the agreed one.
 */
export function AgreedRates({ agreed, titleId }: { agreed: AgreedRatesJson; titleId: string }) {
  return (
    <section className="agreed-rates" aria-labelledby={titleId}>
      <h3 id={titleId}>Agreed rates</h3>
      <p className="muted">
        A rate moved further than the re-quote band from its agreed rate waits for a second admin; once confirmed, it becomes the agreed rate.
      </p>
      <dl className="admin-details">
        {PRICED.map(({ key, label }) => (
          <Detail key={key} label={label}>
            {agreed[key].rate} <span className="muted">({when(agreed[key].confirmedAt)})</span>
          </Detail>
        ))}
      </dl>
    </section>
  );
}
