import { useState, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import type { Crumb } from '../breadcrumb';
import { DeskHeader } from './desk-header';
import { DeskSidebar, type DeskLink } from './desk-sidebar';
import '../shell.css';

export interface DeskArea {
  /** The area's name in its ids and classes: admin -> #admin-nav, #admin-main, .admin-shell. */
  id: 'admin' | 'compliance';
  /** The sidebar's badge and landmark: "Admin" -> "Admin navigation". */
  name: string;
  links: readonly DeskLink[];
  crumbs: readonly Crumb[];
  /** The header's own items before Change Password and Logout (scope, links). */
  headerItems: ReactNode;
}

interface DeskShellProps {
  area: DeskArea;
  brand: { name: string; logoUrl: string | null };
  user: { phone: string; username: string | null };
  /** Mounted with the frame and rendering nothing, e.g. the live updates stream. */
  children?: ReactNode;
}

/**
 * The frame both desks (admin, compliance) share: skip link, sidebar (a drawer on phones, behind a
 * scrim), header and the current page. The areas give their menu, breadcrumb and header items.
 */
export function DeskShell({ area, brand, user, children }: DeskShellProps) {
  const [navOpen, setNavOpen] = useState(false);
  const closeNav = () => setNavOpen(false);
  const navId = `${area.id}-nav`;
  const mainId = `${area.id}-main`;
  return (
    <div className={`desk-shell ${area.id}-shell`}>
      {children}
      <a className="skip-link" href={`#${mainId}`}>
        Skip to content
      </a>
      <DeskSidebar id={navId} label={`${area.name} navigation`} badge={area.name} brand={brand} links={area.links} open={navOpen} onClose={closeNav} />
      {navOpen && <div className="nav-scrim" aria-hidden="true" onClick={closeNav} />}
      <div className={`desk-main ${area.id}-main`}>
        <DeskHeader navId={navId} navOpen={navOpen} onToggleNav={() => setNavOpen(!navOpen)} crumbs={area.crumbs} who={user.username || user.phone}>
          {area.headerItems}
        </DeskHeader>
        <main id={mainId} tabIndex={-1}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}
