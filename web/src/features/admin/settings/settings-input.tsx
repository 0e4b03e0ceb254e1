import { Field } from '../../../components/field';

interface SettingsInputProps {
  label: string;
  name: string;
  value: string;
  error?: string;
  placeholder?: string;
  hint?: string;
  /** Whole numbers only (order limits, controls), else decimals are allowed. */
  whole?: boolean;
  /** The lowest value the input offers: 1 for whole numbers (0 where it means "off"), else 0. */
  min?: number;
  onChange: (name: string, value: string) => void;
}

export function SettingsInput({ label, name, value, error, placeholder, hint, whole, min, onChange }: SettingsInputProps) {
  return (
    <Field label={label} error={error} hint={hint}>
      <input
        type="number"
        name={name}
        min={min ?? (whole ? 1 : 0)}
        step={whole ? 1 : 'any'}
        inputMode={whole ? 'numeric' : 'decimal'}
        placeholder={placeholder}
        value={value}
        onChange={(e) => onChange(name, e.target.value)}
      />
    </Field>
  );
}
