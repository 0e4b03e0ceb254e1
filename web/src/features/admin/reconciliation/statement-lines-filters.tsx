import { Field } from '../../../components/field';

/** Which lines the account's page lists (the lines route's `state` and `direction`), in the desk's words. */
export const LINE_STATES = [
  { value: 'all', label: 'All lines' },
  { value: 'unmatched', label: 'Not matched yet' },
  { value: 'matched', label: 'Matched to an order' },
  { value: 'refund', label: 'Marked for refund' },
] as const;
export const LINE_DIRECTIONS = [
  { value: '', label: 'Money in and out' },
  { value: 'credit', label: 'Money in' },
  { value: 'debit', label: 'Money out' },
] as const;

export type LineState = (typeof LINE_STATES)[number]['value'];
export type LineDirection = (typeof LINE_DIRECTIONS)[number]['value'];

interface StatementLinesFiltersProps {
  state: LineState;
  direction: LineDirection;
  onChange: (filters: { state: LineState; direction: LineDirection }) => void;
}

/** The lines' filters; a change goes back to the first page. */
export function StatementLinesFilters({ state, direction, onChange }: StatementLinesFiltersProps) {
  return (
    <div className="row line-filters">
      <Field label="Show">
        <select value={state} onChange={(event) => onChange({ state: event.target.value as LineState, direction })}>
          {LINE_STATES.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Money">
        <select value={direction} onChange={(event) => onChange({ state, direction: event.target.value as LineDirection })}>
          {LINE_DIRECTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </Field>
    </div>
  );
}
