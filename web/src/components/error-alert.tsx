import type { ReactNode } from 'react';

/** A failure or a problem with what was entered, announced as it appears; nothing while there is none. */
export function ErrorAlert({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <p role="alert" className="error">
      {children}
    </p>
  );
}
