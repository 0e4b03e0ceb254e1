import type { ReactNode } from 'react';

interface SubmitButtonProps {
  /** The form is being sent: the button is disabled and reads `busyLabel`. */
  busy: boolean;
  busyLabel: string;
  /** Disabled for another reason too (the form is not ready). */
  disabled?: boolean;
  className?: string;
  /** The words at rest. */
  children: ReactNode;
}

/** A form's submit button that cannot be pressed twice: while the form is sent it is disabled and says so. */
export function SubmitButton({ busy, busyLabel, disabled = false, className = 'btn', children }: SubmitButtonProps) {
  return (
    <button type="submit" className={className} disabled={busy || disabled}>
      {busy ? busyLabel : children}
    </button>
  );
}
