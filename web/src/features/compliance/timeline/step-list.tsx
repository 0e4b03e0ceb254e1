import type { ReplayStep } from '../compliance-api';
import { actorText } from '../ui/actor';
import { formatInstant } from '../ui/as-of';

interface StepListProps {
  steps: readonly ReplayStep[];
  current: number;
  /** The step the hash chain breaks at (0-based), marked in the list. */
  brokenAt: number | null;
  onSelect: (index: number) => void;
}

/** Every event of the order in order; the current one highlighted, any one opened with a click. */
export function StepList({ steps, current, brokenAt, onSelect }: StepListProps) {
  return (
    <ol className="step-list" aria-label="Timeline">
      {steps.map((step, i) => {
        const classes = ['step', i === current && 'current', brokenAt !== null && i >= brokenAt && 'broken'].filter(Boolean).join(' ');
        return (
          <li key={step.eventId} className={classes} aria-current={i === current ? 'step' : undefined}>
            <button type="button" onClick={() => onSelect(i)} aria-label={`Step ${i + 1}: ${step.type}`}>
              <span className="step-head">
                <span className="step-number">{i + 1}</span>
                <strong>{step.type}</strong>
                {brokenAt === i && <span className="badge rejected">Chain broken</span>}
              </span>
              <span className="step-meta">
                <time dateTime={step.recordedAt}>{formatInstant(step.recordedAt)}</time>
                <span>{actorText(step.actor)}</span>
                <span>IP {step.ip ?? '-'}</span>
              </span>
            </button>
          </li>
        );
      })}
    </ol>
  );
}
