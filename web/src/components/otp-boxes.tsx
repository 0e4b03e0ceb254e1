import { useEffect, useId, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';

/** Seed-spec section 9: codes are 6 digits. */
export const OTP_LENGTH = 6;

interface OtpBoxesProps {
  /** The digits entered so far, left to right, without gaps. */
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  autoFocus?: boolean;
  /** The visible label of the group; each box also has its own 'Digit N' label for screen readers. */
  label?: string;
}

const digitsOf = (text: string) => text.replace(/\D/g, '');

/** Focuses box `index`, held to the six there are. */
const focusBox = (boxes: readonly (HTMLInputElement | null)[], index: number) => boxes[Math.max(0, Math.min(index, OTP_LENGTH - 1))]?.focus();

/**
 * Six one-digit boxes. The value is kept gap-free, so a box past the first empty one cannot be
 * filled: only the box being filled is in the Tab order (arrows move between filled boxes), and a
 * click further right lands on the first empty box.
 */
export function OtpBoxes({ value, onChange, disabled, autoFocus, label = 'One-time code' }: OtpBoxesProps) {
  const id = useId();
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const code = digitsOf(value).slice(0, OTP_LENGTH);
  const current = Math.min(code.length, OTP_LENGTH - 1);

  const focus = (index: number) => focusBox(boxes.current, index);
  // Focus moves after the new value has rendered (until then the next box is out of reach); a new
  // object each time, so retyping the same digit still moves on.
  const [moveTo, setMoveTo] = useState<{ index: number } | null>(null);
  useEffect(() => {
    if (moveTo) focusBox(boxes.current, moveTo.index);
  }, [moveTo]);

  /** Writes `digits` from box `index` on, keeping what lies beyond them, and moves to the next box. */
  const fill = (index: number, digits: string) => {
    const from = Math.min(index, code.length);
    const next = (code.slice(0, from) + digits + code.slice(from + digits.length)).slice(0, OTP_LENGTH);
    onChange(next);
    setMoveTo({ index: from + digits.length });
  };

  const remove = (index: number) => onChange(code.slice(0, index) + code.slice(index + 1));

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (/^\d$/.test(event.key)) {
      event.preventDefault();
      fill(index, event.key);
    } else if (event.key === 'Backspace') {
      event.preventDefault();
      // A filled box clears itself; an empty one goes back and clears the digit before it.
      if (index < code.length) remove(index);
      else if (index > 0) {
        remove(index - 1);
        setMoveTo({ index: index - 1 });
      }
    } else if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      event.preventDefault();
      focus(Math.min(index + (event.key === 'ArrowLeft' ? -1 : 1), current));
    } else if (event.key.length === 1) {
      event.preventDefault();
    }
  };

  // Keyboards that report no key (many phone keyboards) and one-time-code autofill arrive here.
  const onInput = (index: number, text: string) => {
    const digits = digitsOf(text);
    const old = code[index];
    if (!digits) remove(index);
    else if (digits.length === 2 && old !== undefined && digits.includes(old)) fill(index, digits[0] === old ? digits.slice(1) : digits.slice(0, 1));
    else fill(index, digits);
  };

  const onPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const digits = digitsOf(event.clipboardData.getData('text')).slice(0, OTP_LENGTH);
    if (digits) fill(index, digits);
  };

  return (
    <fieldset className="otp-boxes" style={{ border: 0, padding: 0, margin: '0 0 0.8rem', minWidth: 0 }}>
      <legend style={{ fontWeight: 600, fontSize: '0.9rem', padding: 0, marginBottom: '0.3rem' }}>{label}</legend>
      <div style={{ display: 'grid', gridTemplateColumns: `repeat(${OTP_LENGTH}, minmax(0, 3rem))`, gap: '0.4rem' }}>
        {Array.from({ length: OTP_LENGTH }, (_, index) => (
          // The six boxes are fixed places (first digit, second...); their position is all they are, and they never move.
          <div key={index}>
            <label className="visually-hidden" htmlFor={`${id}-${index}`}>{`Digit ${index + 1}`}</label>
            <input
              id={`${id}-${index}`}
              ref={(element) => {
                boxes.current[index] = element;
              }}
              value={code[index] ?? ''}
              inputMode="numeric"
              autoComplete={index === 0 ? 'one-time-code' : 'off'}
              pattern="[0-9]*"
              disabled={disabled}
              // Autofocus only when asked for once the customer has requested a code (login's Send, register's next step); the boxes are where they type next.
              autoFocus={autoFocus && index === 0}
              tabIndex={index === current ? 0 : -1}
              onKeyDown={(event) => onKeyDown(index, event)}
              onChange={(event) => onInput(index, event.target.value)}
              onPaste={(event) => onPaste(index, event)}
              onFocus={() => index > current && focus(current)}
              style={{ width: '100%', height: '3rem', textAlign: 'center', fontSize: '1.25rem', border: '1px solid var(--border)', borderRadius: 8 }}
            />
          </div>
        ))}
      </div>
    </fieldset>
  );
}
