import { deriveBrandTheme } from '../../../theme/brand-theme';

interface TenantLogoProps {
  tenant: { name: string; logoUrl: string | null; primaryColor: string };
  large?: boolean;
}

/** The tenant's logo, or its initial on its colour (as its buttons show it, so the letter reads) when it has none. */
export function TenantLogo({ tenant, large }: TenantLogoProps) {
  const size = large ? ' large' : '';
  if (tenant.logoUrl) return <img className={`admin-logo${size}`} src={tenant.logoUrl} alt={`${tenant.name} logo`} />;
  const { fill, onFill } = deriveBrandTheme(tenant.primaryColor).theme;
  return (
    <span className={`admin-logo admin-logo-blank${size}`} style={{ background: fill, color: onFill }} aria-hidden="true">
      {tenant.name.slice(0, 1).toUpperCase()}
    </span>
  );
}

/** A swatch of the colour with its code, so it reads without seeing colours. */
export function ColourDot({ colour }: { colour: string }) {
  return (
    <span className="row" style={{ gap: '0.35rem', flexWrap: 'nowrap' }}>
      <span className="admin-dot" style={{ background: colour }} aria-hidden="true" />
      <span>{colour}</span>
    </span>
  );
}
