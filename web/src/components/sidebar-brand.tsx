import type { ReactNode } from 'react';
import { DEFAULT_BRAND } from '../lib/public-config';

const DEFAULT_LOGO = '/default-logo.svg';

/** The brand's logo and name at the top of a sidebar (shell.css); `children` follow the name. */
export function SidebarBrand({ brand, children }: { brand: { name: string; logoUrl: string | null }; children?: ReactNode }) {
  return (
    <div className="sidebar-brand">
      <img
        src={brand.logoUrl ?? DEFAULT_LOGO}
        alt=""
        onError={(e) => {
          // The tenant's logo link may have expired or broken; the bundled logo always loads.
          if (!e.currentTarget.src.endsWith(DEFAULT_LOGO)) e.currentTarget.src = DEFAULT_LOGO;
        }}
      />
      <span>{brand.name || DEFAULT_BRAND.name}</span>
      {children}
    </div>
  );
}
