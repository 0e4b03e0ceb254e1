import { Detail } from '../../../components/detail';
import type { ReplayStep } from '../compliance-api';
import { roleLabel } from '../ui/actor';
import { formatInstant } from '../ui/as-of';
import { JsonView } from '../ui/json-view';
import { OrderStateView } from './order-state-view';

/** The current step: who recorded it, when and from where, its data, and the order's state after it. */
export function StepDetails({ step, number }: { step: ReplayStep; number: number }) {
  return (
    <section className="card step-details" aria-label={`Step ${number}: ${step.type}`}>
      <h2>
        Step {number}: {step.type}
      </h2>
      <dl className="details">
        <Detail label="Actor">{step.actor.username || step.actor.id || '-'}</Detail>
        <Detail label="Role">{roleLabel(step.actor.role)}</Detail>
        <Detail label="Phone">{step.actor.phone ?? '-'}</Detail>
        <Detail label="IP">{step.ip ?? '-'}</Detail>
        <Detail label="Browser (as the client reported it)" className="address">
          {step.userAgent ?? '-'}
        </Detail>
        <Detail label="Accepted at">{formatInstant(step.acceptedAt)}</Detail>
        <Detail label="Recorded at">{formatInstant(step.recordedAt)}</Detail>
        <Detail label="Correlation id" className="address">
          {step.correlationId ?? '-'}
        </Detail>
        {step.clientRequestId && (
          <Detail label="Request id (as the client reported it)" className="address">
            {step.clientRequestId}
          </Detail>
        )}
        <Detail label="Stream position">{String(step.streamPosition)}</Detail>
        <Detail label="Hash" className="address">
          <code>{step.hash}</code>
        </Detail>
      </dl>
      {step.foldError && (
        <p role="alert" className="error">
          The order machine refuses this event: {step.foldError}
        </p>
      )}
      {step.state ? <OrderStateView state={step.state} changes={step.changes} /> : <p className="muted">No order state after this event.</p>}
      <h3>Event data</h3>
      <JsonView value={step.data} label="Event data" />
    </section>
  );
}
