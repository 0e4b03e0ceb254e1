import { Link } from 'react-router';

export interface Crumb {
  label: string;
  /** Where the crumb leads; the last crumb is the page itself and never links. */
  to?: string;
}

/** Where the page sits, in the top bar (shell.css): each crumb before the last links back up. */
export function Breadcrumb({ crumbs }: { crumbs: readonly Crumb[] }) {
  // A crumb is its place in the trail: two may lead to the same page (Admin and Dashboard both to
  // /admin/dashboard), so neither its path nor its label alone tells them apart.
  return (
    <nav aria-label="Breadcrumb" className="breadcrumb">
      <ol>
        {crumbs.map((crumb, i) =>
          i === crumbs.length - 1 ? (
            <li key={`${i}:${crumb.label}`} aria-current="page">
              {crumb.label}
            </li>
          ) : (
            <li key={`${i}:${crumb.label}`}>{crumb.to ? <Link to={crumb.to}>{crumb.label}</Link> : crumb.label}</li>
          ),
        )}
      </ol>
    </nav>
  );
}
