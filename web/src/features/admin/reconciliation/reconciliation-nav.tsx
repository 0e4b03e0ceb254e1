import { NavLink } from 'react-router';

const PAGES = [
  { to: '/admin/reconciliation', label: 'Bank accounts', end: true },
  { to: '/admin/reconciliation/unmatched', label: 'Unmatched money', end: false },
  { to: '/admin/reconciliation/orders-without-money', label: 'Orders without money', end: false },
];

/** The Reconciliation area's own pages, as links marked with the one open (aria-current). */
export function ReconciliationNav() {
  return (
    <nav className="reconciliation-nav" aria-label="Reconciliation">
      <ul>
        {PAGES.map((page) => (
          <li key={page.to}>
            <NavLink to={page.to} end={page.end}>
              {page.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
