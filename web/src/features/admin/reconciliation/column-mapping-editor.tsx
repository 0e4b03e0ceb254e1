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
  const kind = draft.amountKind;
  return (
    <fieldset className="mapping-editor">
      <legend>Columns of the file</legend>
      <p className="hint">{HEADER_HINT}</p>
      <div className="admin-form-grid">
        <Field label="Date column" error={errors.dateColumn}>
          <input {...text('dateColumn')} />
        </Field>
        <Field label="Dates written as" error={errors.dateFormat}>
          <select {...text('dateFormat')}>
            {Object.entries(DATE_FORMAT_EXAMPLES).map(([format, example]) => (
              <option key={format} value={format}>
                {example} ({format})
              </option>
            ))}
          </select>
        </Field>
        <Field label="Narration column" error={errors.narration} hint="Several columns are joined: separate their headings with commas.">
          <input {...text('narration')} />
        </Field>
        <Field label="Reference column (if any)" error={errors.reference}>
          <input {...text('reference')} />
        </Field>
        <Field label="Value date column (if any)" error={errors.valueDateColumn}>
          <input {...text('valueDateColumn')} />
        </Field>
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
            <Field label="Withdrawals column" error={errors.debitColumn}>
              <input {...text('debitColumn')} />
            </Field>
            <Field label="Deposits column" error={errors.creditColumn}>
              <input {...text('creditColumn')} />
            </Field>
          </>
        ) : (
          <Field label="Amount column" error={errors.amountColumn}>
            <input {...text('amountColumn')} />
          </Field>
        )}
        {kind === 'marker' && (
          <>
            <Field label="Dr/Cr column" error={errors.markerColumn}>
              <input {...text('markerColumn')} />
            </Field>
            <Field label="Words it uses for a deposit" error={errors.creditWords} hint="Separated by commas, e.g. CR, C">
              <input {...text('creditWords')} />
            </Field>
            <Field label="Words it uses for a withdrawal" error={errors.debitWords} hint="Separated by commas, e.g. DR, D">
              <input {...text('debitWords')} />
            </Field>
          </>
        )}
        <Field label="Balance column (if any)" error={errors.balanceColumn}>
          <input {...text('balanceColumn')} />
        </Field>
        <Field label="Balance Dr/Cr column (if any)" error={errors.balanceMarker}>
          <input {...text('balanceMarker')} />
        </Field>
      </div>
    </fieldset>
  );
}
