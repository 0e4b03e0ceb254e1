import { Detail } from '../../../components/detail';
import { eventName } from '../../../lib/event-names';
import type { ReplayStep } from '../compliance-api';
import { formatInstant } from '../ui/as-of';
import { JsonView } from '../ui/json-view';
import { changedFields, orderInWords } from './order-fields';
import { StepChanges } from './step-changes';
import { whereText, whoText } from './step-who';

interface StepDetailsProps {
  step: ReplayStep;
  /** The order before this step (the previous step's state); null for the first. */
  before: Record<string, unknown> | null;
  number: number;
}

/**
 * The current step: who, when and from where, then only what it changed, in words. The whole order
 * after it and the record as stored (ids, hash, the data) are a click away, not in the way.
 */
export function StepDetails({ step, before, number }: StepDetailsProps) {
  const name = eventName(step.type);
  const changes = step.state
    ? changedFields(
        step.changes.map((c) => c.path),
        before,
        step.state,
      )
    : [];
  return (
    <section className="card step-details" aria-labelledby="step-title">
      <h2 id="step-title">
        Step {number}: {name}
      </h2>
      <dl className="details step-facts">
        <Detail label="Who">{whoText(step.actor)}</Detail>
        <Detail label="When">
          <time dateTime={step.recordedAt}>{formatInstant(step.recordedAt)}</time>
        </Detail>
        <Detail label="From where">{whereText(step)}</Detail>
      </dl>
      {step.foldError && (
        <p role="alert" className="error">
          The order machine refuses this event: {step.foldError}
        </p>
      )}
      <h3>{before ? 'What changed' : 'What was recorded'}</h3>
      {step.state ? <StepChanges changes={changes} first={before === null} /> : <p className="muted">No order state after this event.</p>}
      {step.state && (
        <details className="step-more">
          <summary>The whole order after this step</summary>
          <dl className="details">
            {orderInWords(step.state).map((row) => (
              <Detail key={row.label} label={row.label} className="address">
                {row.value}
              </Detail>
            ))}
          </dl>
        </details>
      )}
      <details className="step-more">
        <summary>The record as stored</summary>
        <dl className="details">
          <Detail label="Event type">
            <code>{step.type}</code>
          </Detail>
          <Detail label="Accepted at">{formatInstant(step.acceptedAt)}</Detail>
          <Detail label="Browser (as the client reported it)" className="address">
            {step.userAgent ?? '-'}
          </Detail>
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
        <h3>Event data</h3>
        <JsonView value={step.data} label="Event data" />
      </details>
    </section>
  );
}
