import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useLogOut } from '../../../lib/session';
import { ChangePasswordDialog } from '../../../components/change-password-dialog';
import { adminBreadcrumb } from './admin-breadcrumb';

interface AdminHeaderProps {
  navId: string;
  navOpen: boolean;
  onToggleNav: () => void;
  /** Which brands the admin runs: every brand (operator admins) or their own, by name. */
  scope: string;
}

export function AdminHeader({ navId, navOpen, onToggleNav, scope }: AdminHeaderProps) {
  const { pathname } = useLocation();
  const logOut = useLogOut();
  const [changing, setChanging] = useState(false);
  const crumbs = adminBreadcrumb(pathname);
  return (
    <header className="top-bar admin-header">
      <button type="button" className="icon-button menu-toggle" aria-controls={navId} aria-expanded={navOpen} aria-label="Toggle navigation" onClick={onToggleNav}>
        <span aria-hidden="true">☰</span>
      </button>
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <ol>
          {crumbs.map((crumb, i) =>
            i === crumbs.length - 1 ? (
              <li key={crumb.to} aria-current="page">
                {crumb.label}
              </li>
            ) : (
              <li key={crumb.to}>
                <Link to={crumb.to}>{crumb.label}</Link>
              </li>
            ),
          )}
        </ol>
      </nav>
      <div className="top-bar-end admin-header-actions">
        <span className="badge admin-scope">{scope}</span>
        <Link className="btn secondary small" to="/">
          User Dashboard
        </Link>
        <button type="button" className="btn secondary small" onClick={() => setChanging(true)}>
          Change Password
        </button>
        <button type="button" className="btn small" onClick={logOut}>
          Logout
        </button>
      </div>
      {changing && <ChangePasswordDialog onClose={() => setChanging(false)} />}
    </header>
  );
}
