import { useId } from 'react';
import { DEFAULT_COLOUR, HEX_COLOUR } from './profile-draft';

interface ColourFieldProps {
  value: string;
  error?: string;
  onChange: (colour: string) => void;
}

/**
 * The brand colour, picked or typed: both edit the same value, so they always agree. While the
 * text is half typed, the picker keeps showing the last whole colour.
 */
export function ColourField({ value, error, onChange }: ColourFieldProps) {
  const id = useId();
  const shown = HEX_COLOUR.test(value.trim()) ? value.trim().toLowerCase() : DEFAULT_COLOUR;
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
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
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
    </div>
  );
}
