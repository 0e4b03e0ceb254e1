import { useId, type ReactNode } from 'react';

interface InfoCardProps {
  title: string;
  /** Classes beside `card`, e.g. the actions card's own. */
  className?: string;
  children: ReactNode;
}

/** One card of the admin's order page: a section named by its heading. */
export function InfoCard({ title, className, children }: InfoCardProps) {
  const titleId = useId();
  return (
    <section className={className ? `card ${className}` : 'card'} aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      {children}
    </section>
  );
}
