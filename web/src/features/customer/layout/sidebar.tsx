import { Link, useLocation } from 'react-router';
import { SidebarBrand } from '../../../components/sidebar-brand';

// The second path set (/orders, /add-order, /wallets, /bank-accounts) lights up the same entries.
const LINKS = [
  { to: '/dashboard', label: 'Dashboard', paths: [/^\/dashboard\/?$/] },
  { to: '/dashboard/orders', label: 'Orders', paths: [/^\/dashboard\/orders(\/|$)/, /^\/orders(\/|$)/, /^\/add-order\/?$/] },
  { to: '/dashboard/wallets', label: 'USDT Wallets', paths: [/^\/(dashboard\/)?wallets\/?$/] },
  { to: '/dashboard/bank-accounts', label: 'Bank Accounts', paths: [/^\/(dashboard\/)?bank-accounts\/?$/] },
  { to: '/dashboard/sessions', label: 'Sessions', paths: [/^\/dashboard\/sessions\/?$/] },
];

interface SidebarProps {
  id: string;
  brand: { name: string; logoUrl: string | null };
  open: boolean;
  onNavigate: () => void;
}

/** Always shown on wide screens; on small ones it slides in from the menu button. */
export function Sidebar({ id, brand, open, onNavigate }: SidebarProps) {
  const { pathname } = useLocation();
  return (
    <aside id={id} className={open ? 'sidebar open' : 'sidebar'} aria-label="Customer navigation">
      <SidebarBrand brand={brand} />
      <nav>
        <ul>
          {LINKS.map((link) => {
            const current = link.paths.some((p) => p.test(pathname));
            return (
              <li key={link.to}>
                <Link to={link.to} className={current ? 'active' : undefined} aria-current={current ? 'page' : undefined} onClick={onNavigate}>
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
