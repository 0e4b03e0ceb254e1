import { Field } from '../../../components/field';

interface SettingsInputProps {
  label: string;
  name: string;
  value: string;
  error?: string;
  placeholder?: string;
  /** Whole numbers only (order limits), else decimals are allowed. */
  whole?: boolean;
  onChange: (name: string, value: string) => void;
}

export function SettingsInput({ label, name, value, error, placeholder, whole, onChange }: SettingsInputProps) {
  return (
    <Field label={label} error={error}>
      <input
        type="number"
        name={name}
        min={whole ? 1 : 0}
        step={whole ? 1 : 'any'}
        inputMode={whole ? 'numeric' : 'decimal'}
        placeholder={placeholder}
        value={value}
        onChange={(e) => onChange(name, e.target.value)}
      />
    </Field>
  );
}
