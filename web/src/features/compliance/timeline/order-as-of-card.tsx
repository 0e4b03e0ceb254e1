import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { statusLabel } from '@desk/machines/order/order-state';
import { formatInr, formatUsdt } from '@desk/machines/pricing/pricing';
import { Detail } from '../../../components/detail';
import { Field } from '../../../components/field';
import { isNotFound } from '../../../lib/api';
import { orderTypeLabel } from '../../../lib/order-format';
import { complianceApi, complianceKeys } from '../compliance-api';
import { formatInstant, isoToLocal, localToIso, localZone } from '../ui/as-of';
import { Failure } from '../ui/failure';

interface OrderAsOfCardProps {
  orderId: string;
  /** When the order's latest event was recorded: the picker starts there, to the second. */
  latest: string | null;
  /** Told the instant chosen (ISO), so the timeline can show the step in force then. */
  onChoose: (asOf: string) => void;
}

/**
 * The order as it stood at a chosen instant, to the second in the officer's zone, folded by the
 * server from the events recorded by then; the moment in force is always said in words.
 */
export function OrderAsOfCard({ orderId, latest, onChoose }: OrderAsOfCardProps) {
  const [draft, setDraft] = useState(() => isoToLocal(latest));
  const [asOf, setAsOf] = useState('');
  const stood = useQuery({
    queryKey: complianceKeys.orderAsOf(orderId, asOf),
    queryFn: () => complianceApi.orderAsOf(orderId, asOf),
    enabled: asOf !== '',
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = localToIso(draft);
    setAsOf(chosen);
    if (chosen) onChoose(chosen);
  };
  const notYet = isNotFound(stood.error);
  return (
    <section className="card as-of-card" aria-labelledby="as-of-title">
      <h2 id="as-of-title">Order as of</h2>
      <form className="row as-of-form" onSubmit={submit} aria-label="Order as of">
        <Field label="As of" hint={`To the second, in your time zone (${localZone()})`}>
          <input type="datetime-local" step={1} value={draft} onChange={(e) => setDraft(e.target.value)} />
        </Field>
        <button type="submit" className="btn secondary" disabled={!draft}>
          Show
        </button>
      </form>
      <p className="as-of-banner" role="status">
        {asOf ? (
          <>
            In force: the order as of <time dateTime={asOf}>{formatInstant(asOf)}</time>
            {stood.data && (
              <>
                , {stood.data.eventCount} event{stood.data.eventCount === 1 ? '' : 's'} recorded by then, the last at {formatInstant(stood.data.lastEventAt)}
              </>
            )}
          </>
        ) : (
          <>In force: the order as it stands now, every event recorded{latest && <> (the last at {formatInstant(latest)})</>}</>
        )}
      </p>
      {asOf && stood.isPending && <p className="muted">Loading...</p>}
      {notYet ? <p role="alert">The order did not exist yet at {formatInstant(asOf)}.</p> : <Failure error={stood.error} fallback="Failed to load the order" />}
      {stood.data && (
        <dl className="details as-of-result">
          <Detail label="Status">
            <span className={`badge ${stood.data.order.status}`}>{statusLabel(stood.data.order.status)}</span>
          </Detail>
          <Detail label="Type">{orderTypeLabel(stood.data.order)}</Detail>
          <Detail label="INR">{formatInr(stood.data.order.fiatAmount)}</Detail>
          <Detail label="USDT">{formatUsdt(stood.data.order.cryptoAmount)}</Detail>
          <Detail label="Bank reference">{stood.data.order.bankReference ?? '-'}</Detail>
          <Detail label="Crypto reference" className="address">
            {stood.data.order.cryptoReference ?? '-'}
          </Detail>
          <Detail label="Updated">{formatInstant(stood.data.order.updatedAt)}</Detail>
        </dl>
      )}
    </section>
  );
}
