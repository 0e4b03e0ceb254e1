import { useId } from 'react';
import type { SettlementMethod } from '@desk/machines/pricing/rate-choice';
import './quote.css';

const METHODS: readonly { value: SettlementMethod; label: string }[] = [
  { value: 'bank', label: 'Bank transfer' },
  { value: 'cash', label: 'Cash' },
];

/** Bank or cash: each has its own rate, so switching changes the preview. */
export function MethodChoice({ value, onChange }: { value: SettlementMethod; onChange: (method: SettlementMethod) => void }) {
  const name = useId();
  return (
    <fieldset className="field method-choice">
      <legend>Payment method</legend>
      <div className="row">
        {METHODS.map((m) => (
          <label key={m.value} className="check">
            <input type="radio" name={name} value={m.value} checked={value === m.value} onChange={() => onChange(m.value)} /> {m.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
