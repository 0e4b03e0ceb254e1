import type { ReactNode } from 'react';

/** A compliance page's title row: the heading, a line of what it is for, and its own tools. */
export function PageTitle({ title, note, children }: { title: string; note?: ReactNode; children?: ReactNode }) {
  return (
    <div className="compliance-head">
      <div>
        <h1>{title}</h1>
        {note && <p className="muted">{note}</p>}
      </div>
      {children && <div className="row">{children}</div>}
    </div>
  );
}
