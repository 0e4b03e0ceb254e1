import type { SelectHTMLAttributes } from 'react';

type OptionsSelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value'> & {
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
};

/**
 * One choice among labelled values, as the list filters offer them. Other attributes pass through:
 * the `Field` around it gives the id and description that tie it to its label.
 */
export function OptionsSelect({ value, options, onChange, ...rest }: OptionsSelectProps) {
  return (
    <select {...rest} value={value} onChange={(e) => onChange(e.target.value)}>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}
