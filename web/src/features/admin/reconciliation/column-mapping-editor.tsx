import type { ChangeEvent } from 'react';
import { Field } from '../../../components/field';
import { AMOUNT_KINDS, DATE_FORMAT_EXAMPLES, type AmountKind, type MappingDraft } from './column-mapping-draft';

interface ColumnMappingEditorProps {
  draft: MappingDraft;
  onChange: (draft: MappingDraft) => void;
  /** The server's problems with the mapping, by the input they stand under. */
  errors: Partial<Record<keyof MappingDraft, string>>;
  disabled?: boolean;
}

const HEADER_HINT = 'Type each column as its heading reads in the file; capitals, dots and spaces do not matter.';

/**
 * Which columns of a CSV or Excel statement hold what, for a file no layout reads: each column named
 * by its heading in the file, the way amounts are written, and how dates are written. Saved for the
 * account once a statement is read with it.
 */
export function ColumnMappingEditor({ draft, onChange, errors, disabled }: ColumnMappingEditorProps) {
  const text = (name: keyof MappingDraft) => ({
    name,
    value: draft[name],
    disabled,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => onChange({ ...draft, [name]: event.target.value }),
  });
  // A column named by its heading: the input under its label, the server's problem with it under it.
  const column = (name: keyof MappingDraft, label: string, hint?: string) => (
    <Field label={label} error={errors[name]} hint={hint}>
      <input {...text(name)} />
    </Field>
  );
  const kind = draft.amountKind;
  return (
    <fieldset className="mapping-editor">
      <legend>Columns of the file</legend>
      <p className="hint">{HEADER_HINT}</p>
      <div className="admin-form-grid">
        {column('dateColumn', 'Date column')}
        <Field label="Dates written as" error={errors.dateFormat}>
          <select {...text('dateFormat')}>
            {Object.entries(DATE_FORMAT_EXAMPLES).map(([format, example]) => (
              <option key={format} value={format}>
                {example} ({format})
              </option>
            ))}
          </select>
        </Field>
        {column('narration', 'Narration column', 'Several columns are joined: separate their headings with commas.')}
        {column('reference', 'Reference column (if any)')}
        {column('valueDateColumn', 'Value date column (if any)')}
        <Field label="Heading row number" error={errors.headerRow} hint="Leave empty to find the row with the date and amount headings.">
          <input {...text('headerRow')} inputMode="numeric" />
        </Field>
      </div>
      <div className="admin-form-grid">
        <Field label="Amounts are written" error={errors.amountKind}>
          <select {...text('amountKind')}>
            {(Object.entries(AMOUNT_KINDS) as [AmountKind, string][]).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </Field>
        {kind === 'split' ? (
          <>
            {column('debitColumn', 'Withdrawals column')}
            {column('creditColumn', 'Deposits column')}
          </>
        ) : (
          column('amountColumn', 'Amount column')
        )}
        {kind === 'marker' && (
          <>
            {column('markerColumn', 'Dr/Cr column')}
            {column('creditWords', 'Words it uses for a deposit', 'Separated by commas, e.g. CR, C')}
            {column('debitWords', 'Words it uses for a withdrawal', 'Separated by commas, e.g. DR, D')}
          </>
        )}
        {column('balanceColumn', 'Balance column (if any)')}
        {column('balanceMarker', 'Balance Dr/Cr column (if any)')}
      </div>
    </fieldset>
  );
}
