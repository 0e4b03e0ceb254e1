import { useId } from 'react';
import type { SettlementMethod } from '@desk/machines/pricing/rate-choice';
import { useT, type TextKey } from '../../i18n/use-t';
import './quote.css';

const METHODS: readonly { value: SettlementMethod; label: TextKey }[] = [
  { value: 'bank', label: 'quote.bank' },
  { value: 'cash', label: 'quote.cash' },
];

/** Bank or cash: each has its own rate, so switching changes the preview. */
export function MethodChoice({ value, onChange }: { value: SettlementMethod; onChange: (method: SettlementMethod) => void }) {
  const t = useT();
  const name = useId();
  return (
    <fieldset className="field method-choice">
      <legend>{t('quote.method')}</legend>
      <div className="row">
        {METHODS.map((m) => (
          <label key={m.value} className="check">
            <input type="radio" name={name} value={m.value} checked={value === m.value} onChange={() => onChange(m.value)} /> {t(m.label)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
