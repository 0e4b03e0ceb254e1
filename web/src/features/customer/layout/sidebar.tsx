import { Link, useLocation } from 'react-router';
import { SidebarBrand } from '../../../components/sidebar-brand';
import { useT, type TextKey } from '../../../i18n/use-t';

// The second path set (/orders, /add-order, /wallets, /bank-accounts) lights up the same entries.
const LINKS: { to: string; label: TextKey; paths: RegExp[] }[] = [
  { to: '/dashboard', label: 'customer.nav.dashboard', paths: [/^\/dashboard\/?$/] },
  { to: '/dashboard/orders', label: 'customer.nav.orders', paths: [/^\/dashboard\/orders(\/|$)/, /^\/orders(\/|$)/, /^\/add-order\/?$/] },
  { to: '/dashboard/wallets', label: 'customer.nav.wallets', paths: [/^\/(dashboard\/)?wallets\/?$/] },
  { to: '/dashboard/bank-accounts', label: 'customer.nav.banks', paths: [/^\/(dashboard\/)?bank-accounts\/?$/] },
  { to: '/dashboard/sessions', label: 'customer.nav.sessions', paths: [/^\/dashboard\/sessions\/?$/] },
];

interface SidebarProps {
  id: string;
  brand: { name: string; logoUrl: string | null };
  open: boolean;
  onNavigate: () => void;
}

/** Always shown on wide screens; on small ones it slides in from the menu button. */
export function Sidebar({ id, brand, open, onNavigate }: SidebarProps) {
  const t = useT();
  const { pathname } = useLocation();
  return (
    <aside id={id} className={open ? 'sidebar open' : 'sidebar'} aria-label={t('customer.layout.nav')}>
      <SidebarBrand brand={brand} />
      <nav>
        <ul>
          {LINKS.map((link) => {
            const current = link.paths.some((p) => p.test(pathname));
            return (
              <li key={link.to}>
                <Link to={link.to} className={current ? 'active' : undefined} aria-current={current ? 'page' : undefined} onClick={onNavigate}>
                  {t(link.label)}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </aside>
  );
}
