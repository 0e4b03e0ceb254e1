import { useState, type ReactNode } from 'react';
import { useLogOut } from '../lib/session';
import { Breadcrumb, type Crumb } from './breadcrumb';
import { ChangePasswordDialog } from './change-password-dialog';
import { MenuToggle } from './menu-toggle';

interface StaffHeaderProps {
  navId: string;
  navOpen: boolean;
  onToggleNav: () => void;
  crumbs: readonly Crumb[];
  /** What the area shows before Change Password and Logout: its scope badge, its links. */
  children: ReactNode;
}

/** The top bar of the staff areas (admin, compliance): menu, breadcrumb, the area's own items, password and logout. */
export function StaffHeader({ navId, navOpen, onToggleNav, crumbs, children }: StaffHeaderProps) {
  const logOut = useLogOut();
  const [changing, setChanging] = useState(false);
  return (
    <header className="top-bar staff-header">
      <MenuToggle navId={navId} navOpen={navOpen} onToggle={onToggleNav} />
      <Breadcrumb crumbs={crumbs} />
      <div className="top-bar-end staff-header-actions">
        {children}
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
