import type { ReactNode } from 'react';

interface DetailProps {
  label: string;
  children: ReactNode;
  /** The value's class, e.g. `address` for values that may break anywhere. */
  className?: string;
}

/** One term and its value in a details list (`<dl className="details">` or the admin's `admin-details`). */
export function Detail({ label, children, className }: DetailProps) {
  return (
    <div>
      <dt>{label}</dt>
      <dd className={className}>{children}</dd>
    </div>
  );
}
