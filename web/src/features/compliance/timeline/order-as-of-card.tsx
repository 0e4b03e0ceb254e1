import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { statusLabel } from '@desk/machines/order/order-state';
import { formatInr, formatUsdt } from '@desk/machines/pricing/pricing';
import { Detail } from '../../../components/detail';
import { Field } from '../../../components/field';
import { ApiError } from '../../../lib/api';
import { orderTypeLabel } from '../../../lib/order-format';
import { complianceApi, complianceKeys } from '../compliance-api';
import { formatInstant, localToIso } from '../ui/as-of';
import { Failure } from '../ui/failure';

/** The order as it stood at a chosen instant, folded by the server from the events recorded by then. */
export function OrderAsOfCard({ orderId }: { orderId: string }) {
  const [draft, setDraft] = useState('');
  const [asOf, setAsOf] = useState('');
  const stood = useQuery({
    queryKey: complianceKeys.orderAsOf(orderId, asOf),
    queryFn: () => complianceApi.orderAsOf(orderId, asOf),
    enabled: asOf !== '',
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAsOf(localToIso(draft));
  };
  const notYet = stood.error instanceof ApiError && stood.error.status === 404;
  return (
    <section className="card" aria-labelledby="as-of-title">
      <h2 id="as-of-title">Order as of</h2>
      <form className="row as-of-form" onSubmit={submit} aria-label="Order as of">
        <Field label="As of">
          <input type="datetime-local" step={1} value={draft} onChange={(e) => setDraft(e.target.value)} />
        </Field>
        <button type="submit" className="btn secondary" disabled={!draft}>
          Show
        </button>
      </form>
      {asOf && stood.isPending && <p className="muted">Loading...</p>}
      {notYet ? (
        <p role="status">The order did not exist yet at {formatInstant(asOf)}.</p>
      ) : (
        <Failure error={stood.error} fallback="Failed to load the order" />
      )}
      {stood.data && (
        <div className="stack as-of-result">
          <p className="as-of-banner">
            As of <time dateTime={stood.data.asOf}>{formatInstant(stood.data.asOf)}</time>: {stood.data.eventCount} event
            {stood.data.eventCount === 1 ? '' : 's'}, the last at {formatInstant(stood.data.lastEventAt)}
          </p>
          <dl className="details">
            <Detail label="Status">
              <span className={`badge ${stood.data.order.status}`}>{statusLabel(stood.data.order.status)}</span>
            </Detail>
            <Detail label="Type">{orderTypeLabel(stood.data.order)}</Detail>
            <Detail label="INR">{formatInr(stood.data.order.fiatAmount)}</Detail>
            <Detail label="USDT">{formatUsdt(stood.data.order.cryptoAmount)}</Detail>
            <Detail label="Bank reference">{stood.data.order.bankReference ?? '-'}</Detail>
            <Detail label="Crypto reference">{stood.data.order.cryptoReference ?? '-'}</Detail>
            <Detail label="Updated">{formatInstant(stood.data.order.updatedAt)}</Detail>
          </dl>
        </div>
      )}
    </section>
  );
}
