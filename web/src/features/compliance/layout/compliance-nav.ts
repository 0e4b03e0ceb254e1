import { Link } from 'react-router';
import { SidebarBrand } from '../../../components/sidebar-brand';

const LINKS = [
  { to: '/compliance', label: 'Orders' },
  { to: '/compliance/events', label: 'Event Log' },
  { to: '/compliance/access', label: 'Access Trail' },
  { to: '/compliance/exports', label: 'Exports' },
  { to: '/compliance/changes', label: 'Desk changes' },
  { to: '/compliance/books', label: 'Books' },
  { to: '/compliance/sessions', label: 'Sessions' },
];

// Orders covers the list (/compliance) and every order's timeline (/compliance/orders/<id>), not the other screens.
const ordersActive = (pathname: string) => pathname === '/compliance' || pathname === '/compliance/' || pathname.startsWith('/compliance/orders');

interface ComplianceSidebarProps {
  id: string;
  brand: { name: string; logoUrl: string | null };
  pathname: string;
  open: boolean;
  onClose: () => void;
}

/** In the flow on wide screens; below 992 px a drawer opened from the header's menu button (shell.css). */
export function ComplianceSidebar({ id, brand, pathname, open, onClose }: ComplianceSidebarProps) {
  return (
    <aside id={id} className={open ? 'sidebar open' : 'sidebar'} aria-label="Compliance navigation" onKeyDown={(e) => e.key === 'Escape' && onClose()}>
      <SidebarBrand brand={brand}>
        <span className="badge">Compliance</span>
      </SidebarBrand>
      <nav>
        <ul>
          {LINKS.map((link) => {
            const active = link.to === '/compliance' ? ordersActive(pathname) : pathname.startsWith(link.to);
            return (
              <li key={link.to}>
                <Link to={link.to} className={active ? 'active' : undefined} aria-current={active ? 'page' : undefined} onClick={onClose}>
                  {link.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </aside>
  );
}
