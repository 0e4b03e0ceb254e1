import { useLayoutEffect, useRef, type InputHTMLAttributes } from 'react';
import { groupIndian } from '@desk/machines/pricing/money-format';

/**
 * Typed text with Indian digit grouping on its whole part ("100000" -> "1,00,000"); anything that
 * is not a plain number is left as typed so the form's validation can name the problem.
 */
export function groupAmountText(text: string): string {
  const plain = text.replaceAll(',', '');
  const match = /^(\d+)(\.\d*)?$/.exec(plain);
  if (!match) return text;
  return groupIndian(match[1]!) + (match[2] ?? '');
}

/** Where the caret goes in `formatted` so that the same number of non-comma characters precede it. */
function caretAfter(formatted: string, significantBefore: number): number {
  let seen = 0;
  for (let i = 0; i < formatted.length; i++) {
    if (seen === significantBefore) return i;
    if (formatted[i] !== ',') seen++;
  }
  return formatted.length;
}

type AmountInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type'> & {
  value: string;
  onValueChange: (text: string) => void;
};

/** An amount field that groups digits as the customer types, keeping the caret where it was. */
export function AmountInput({ value, onValueChange, ...rest }: AmountInputProps) {
  const input = useRef<HTMLInputElement>(null);
  const pendingCaret = useRef<number | null>(null);

  useLayoutEffect(() => {
    if (pendingCaret.current === null || !input.current || document.activeElement !== input.current) return;
    const at = caretAfter(value, pendingCaret.current);
    input.current.setSelectionRange(at, at);
    pendingCaret.current = null;
  }, [value]);

  return (
    <input
      {...rest}
      ref={input}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      value={value}
      onChange={(event) => {
        const raw = event.target.value;
        const caret = event.target.selectionStart ?? raw.length;
        pendingCaret.current = raw.slice(0, caret).replaceAll(',', '').length;
        onValueChange(groupAmountText(raw));
      }}
    />
  );
}

/**
 * A whole-USDT amount field (the sell side takes whole USDT): the digit keypad on a phone, typed as
 * is (no grouping), no autofill. The rest (id, aria-*, placeholder) reaches the input, as a Field gives it.
 */
export function WholeUsdtInput({ value, onValueChange, ...rest }: AmountInputProps) {
  return <input {...rest} value={value} onChange={(e) => onValueChange(e.target.value)} inputMode="numeric" autoComplete="off" />;
}
