import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { SidebarBrand } from '../sidebar-brand';

export interface DeskLink {
  to: string;
  label: string;
  /** Shown after the label, e.g. how many changes wait. */
  extra?: ReactNode;
  /** When the entry is the current one; by default its own address and every address under it. */
  isActive?: (pathname: string) => boolean;
}

const under = (to: string) => (pathname: string) => pathname === to || pathname.startsWith(`${to}/`);

interface DeskSidebarProps {
  id: string;
  /** The landmark's name, e.g. "Admin navigation". */
  label: string;
  /** The area's badge beside the brand's name. */
  badge: string;
  brand: { name: string; logoUrl: string | null };
  links: readonly DeskLink[];
  open: boolean;
  onClose: () => void;
}

/**
 * A desk's menu: in the flow on wide screens; below 992 px a drawer opened from the header's menu
 * button (shell.css), closed by Escape or by choosing an entry. The current entry (and its sub-pages,
 * e.g. an order) is marked with aria-current="page".
 */
export function DeskSidebar({ id, label, badge, brand, links, open, onClose }: DeskSidebarProps) {
  const { pathname } = useLocation();
  return (
    <aside id={id} className={open ? 'sidebar open' : 'sidebar'} aria-label={label} onKeyDown={(e) => e.key === 'Escape' && onClose()}>
      <SidebarBrand brand={brand}>
        <span className="badge">{badge}</span>
      </SidebarBrand>
      <nav>
        <ul>
          {links.map((link) => {
            const active = (link.isActive ?? under(link.to))(pathname);
            return (
              <li key={link.to}>
                <Link to={link.to} className={active ? 'active' : undefined} aria-current={active ? 'page' : undefined} onClick={onClose}>
                  {link.label}
                  {link.extra}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </aside>
  );
}
