import { eventName } from '../../../lib/event-names';
import type { ReplayStep } from '../compliance-api';
import { formatInstant } from '../ui/as-of';
import { whoText } from './step-who';

interface StepListProps {
  steps: readonly ReplayStep[];
  current: number;
  /** The step the hash chain breaks at (0-based), marked in the list. */
  brokenAt: number | null;
  onSelect: (index: number) => void;
}

/**
 * Every event of the order in order, by name; the current one highlighted, any one opened with a
 * click. Each button is named by what it shows (WCAG 2.5.3: the visible words are its name).
 */
export function StepList({ steps, current, brokenAt, onSelect }: StepListProps) {
  return (
    <ol className="step-list" aria-label="Timeline">
      {steps.map((step, i) => {
        const classes = ['step', i === current && 'current', brokenAt !== null && i >= brokenAt && 'broken'].filter(Boolean).join(' ');
        return (
          <li key={step.eventId} className={classes} aria-current={i === current ? 'step' : undefined}>
            <button type="button" onClick={() => onSelect(i)}>
              <span className="step-head">
                <span className="step-number">{i + 1}</span>
                <strong>{eventName(step.type)}</strong>
                {brokenAt === i && <span className="badge rejected">Chain broken</span>}
              </span>
              <span className="step-meta">
                <time dateTime={step.recordedAt}>{formatInstant(step.recordedAt)}</time>
                <span>{whoText(step.actor)}</span>
              </span>
            </button>
          </li>
        );
      })}
    </ol>
  );
}
