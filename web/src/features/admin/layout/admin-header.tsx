import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useLogOut } from '../../../lib/session';
import { Breadcrumb } from '../../../components/breadcrumb';
import { ChangePasswordDialog } from '../../../components/change-password-dialog';
import { MenuToggle } from '../../../components/menu-toggle';
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
  return (
    <header className="top-bar admin-header">
      <MenuToggle navId={navId} navOpen={navOpen} onToggle={onToggleNav} />
      <Breadcrumb crumbs={adminBreadcrumb(pathname)} />
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
