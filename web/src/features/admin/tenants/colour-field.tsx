import { useId, useMemo } from 'react';
import { deriveBrandTheme } from '../../../theme/brand-theme';
import { adjustmentWarning } from './brand-adjustment-words';
import { BrandPreview } from './brand-preview';
import { DEFAULT_COLOUR, HEX_COLOUR } from './profile-draft';

interface ColourFieldProps {
  value: string;
  error?: string;
  onChange: (colour: string) => void;
}

/**
 * The brand colour, picked or typed: both edit the same value, so they always agree. While the
 * text is half typed, the picker and the preview keep showing the last whole colour. Under it, the
 * preview of the brand's pages and, when the colour had to be adjusted to read, the warning.
 */
export function ColourField({ value, error, onChange }: ColourFieldProps) {
  const id = useId();
  const shown = HEX_COLOUR.test(value.trim()) ? value.trim().toLowerCase() : DEFAULT_COLOUR;
  // A few milliseconds a colour: not again on every keystroke in the form's other fields.
  const derived = useMemo(() => deriveBrandTheme(shown), [shown]);
  const warning = adjustmentWarning(derived);
  const describedBy = [`${id}-hint`, warning && `${id}-warning`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>Primary colour</label>
      <div className="admin-colour">
        <input type="color" aria-label="Primary colour picker" value={shown} onChange={(e) => onChange(e.target.value)} />
        <input
          id={id}
          type="text"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          placeholder={DEFAULT_COLOUR}
          maxLength={7}
          spellCheck={false}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
      </div>
      <span id={`${id}-hint`} className="hint">
        Pick a colour or type it as #RRGGBB
      </span>
      {error && (
        <span id={`${id}-error`} className="error">
          {error}
        </span>
      )}
      <BrandPreview derived={derived} warning={warning} warningId={`${id}-warning`} />
    </div>
  );
}
