import { Field } from '../../../components/field';
import { OptionsSelect } from '../../../components/options-select';

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
  /** The filter changed (the other stays as it is). */
  onChange: (filters: { state: LineState } | { direction: LineDirection }) => void;
}

/** The lines' filters; a change goes back to the first page. */
export function StatementLinesFilters({ state, direction, onChange }: StatementLinesFiltersProps) {
  return (
    <div className="row line-filters">
      <Field label="Show">
        <OptionsSelect value={state} options={LINE_STATES} onChange={(value) => onChange({ state: value as LineState })} />
      </Field>
      <Field label="Money">
        <OptionsSelect value={direction} options={LINE_DIRECTIONS} onChange={(value) => onChange({ direction: value as LineDirection })} />
      </Field>
    </div>
  );
}
