import { useState, type ReactNode } from 'react';
import { useLogOut } from '../../lib/session';
import { Breadcrumb, type Crumb } from '../breadcrumb';
import { ChangePasswordDialog } from '../change-password-dialog';
import { MenuToggle } from '../menu-toggle';

interface DeskHeaderProps {
  navId: string;
  navOpen: boolean;
  onToggleNav: () => void;
  crumbs: readonly Crumb[];
  /** Who is signed in, by the name they chose (or their phone when they chose none). */
  who: string;
  /** What the area shows before Change Password and Logout: its scope badge, its links. */
  children: ReactNode;
}

/** A desk's top bar: menu, breadcrumb, who is signed in, the area's own items, password and logout. */
export function DeskHeader({ navId, navOpen, onToggleNav, crumbs, who, children }: DeskHeaderProps) {
  const logOut = useLogOut();
  const [changing, setChanging] = useState(false);
  return (
    <header className="top-bar staff-header">
      <MenuToggle navId={navId} navOpen={navOpen} onToggle={onToggleNav} />
      <Breadcrumb crumbs={crumbs} />
      <div className="top-bar-end staff-header-actions">
        <span className="desk-user">
          <span className="visually-hidden">Signed in as </span>
          {who}
        </span>
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
