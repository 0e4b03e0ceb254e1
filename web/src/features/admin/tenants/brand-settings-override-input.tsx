import { useId } from 'react';
import type { OverridesDraft } from './brand-settings-draft';

interface OverrideInputProps {
  name: string;
  label: string;
  /** The global value the brand follows while the input is empty. */
  placeholder: string;
  /** Whole numbers only (limits, controls), else decimals are allowed. */
  whole?: boolean;
  /** The lowest value offered: 1 for whole numbers (0 where it means "off"), else 0. */
  min?: number;
  draft: OverridesDraft;
  problems: Record<string, string>;
  onChange: (name: string, value: string) => void;
}

/** One override in the brand settings table, with its problem under it. */
export function OverrideInput({ name, label, placeholder, whole, min, draft, problems, onChange }: OverrideInputProps) {
  const errorId = useId();
  const error = problems[name];
  return (
    <span className="brand-override">
      <input
        type="number"
        name={name}
        aria-label={label}
        min={min ?? (whole ? 1 : 0)}
        step={whole ? 1 : 'any'}
        inputMode={whole ? 'numeric' : 'decimal'}
        placeholder={placeholder}
        value={draft[name] ?? ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => onChange(name, e.target.value)}
      />
      {error && (
        <span id={errorId} className="error">
          {error}
        </span>
      )}
    </span>
  );
}
