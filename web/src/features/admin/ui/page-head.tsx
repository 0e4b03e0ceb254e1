import type { ReactNode } from 'react';

interface PageHeadProps {
  title: ReactNode;
  /** A line under the title: how many there are, or what the page is for. */
  note?: ReactNode;
  /** The page's own buttons, links and filters, at the other end of the title. */
  children?: ReactNode;
}

/** The title row of an admin management page (admin-forms.css). */
export function PageHead({ title, note, children }: PageHeadProps) {
  return (
    <div className="admin-head">
      <div>
        <h1>{title}</h1>
        {note && <p className="muted">{note}</p>}
      </div>
      {children && <div className="row admin-head-tools">{children}</div>}
    </div>
  );
}
