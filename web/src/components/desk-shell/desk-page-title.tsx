import type { ReactNode } from 'react';

interface DeskPageTitleProps {
  title: ReactNode;
  /** A line under the title: how many there are, or what the page is for. */
  note?: ReactNode;
  /** The page's own buttons, links and filters, at the other end of the title. */
  children?: ReactNode;
  /** The area's own class for its title row (admin-head, compliance-head). */
  className: string;
  toolsClassName?: string;
}

/** A desk page's title row: the heading, a line of what it is for, and its own tools. */
export function DeskPageTitle({ title, note, children, className, toolsClassName }: DeskPageTitleProps) {
  return (
    <div className={className}>
      <div>
        <h1>{title}</h1>
        {note && <p className="muted">{note}</p>}
      </div>
      {children && <div className={toolsClassName ? `row ${toolsClassName}` : 'row'}>{children}</div>}
    </div>
  );
}
