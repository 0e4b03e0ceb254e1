import { NavLink } from 'react-router';
import { SidebarBrand } from '../../../components/sidebar-brand';
import { PendingCount } from '../changes/pending-count';

const LINKS = [
  { to: '/admin/dashboard', label: 'Dashboard' },
  { to: '/admin/orders', label: 'Orders' },
  { to: '/admin/users', label: 'Users' },
  { to: '/admin/reconciliation', label: 'Reconciliation' },
  { to: '/admin/books', label: 'Books' },
  { to: '/admin/changes', label: 'Pending changes', operatorOnly: true },
  { to: '/admin/settings', label: 'Settings', operatorOnly: true },
  { to: '/admin/tenants', label: 'Tenants', operatorOnly: true },
  { to: '/admin/projections', label: 'Projections', operatorOnly: true },
  { to: '/admin/sessions', label: 'Sessions' },
];

interface AdminSidebarProps {
  id: string;
  brand: { name: string; logoUrl: string | null };
  /** Operator admins see every entry; brand admins not the operator's own (operatorOnly). */
  operator: boolean;
  open: boolean;
  onClose: () => void;
}

/** In the flow on wide screens; below 992 px (tablets, phones) a drawer opened from the header's menu button. */
export function AdminSidebar({ id, brand, operator, open, onClose }: AdminSidebarProps) {
  return (
    <aside id={id} className={open ? 'sidebar open' : 'sidebar'} aria-label="Admin navigation" onKeyDown={(e) => e.key === 'Escape' && onClose()}>
      <SidebarBrand brand={brand}>
        <span className="badge">Admin</span>
      </SidebarBrand>
      <nav>
        <ul>
          {LINKS.filter((link) => operator || !link.operatorOnly).map((link) => (
            <li key={link.to}>
              {/* NavLink marks the entry (and its sub-pages, e.g. an order) with aria-current="page". */}
              <NavLink to={link.to} className={({ isActive }) => (isActive ? 'active' : undefined)} onClick={onClose}>
                {link.label}
                {link.to === '/admin/changes' && <PendingCount />}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </aside>
  );
}
