import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The link above a detail screen back to the list it was opened from ("← Back to Orders"). */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="back-link">
      {children}
    </Link>
  );
}
