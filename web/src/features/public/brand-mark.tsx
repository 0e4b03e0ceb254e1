import { Link } from 'react-router';
import { useBrand } from '../../lib/public-config';
import { useT } from '../../i18n/use-t';

const DEFAULT_LOGO = '/default-logo.svg';

/** The tenant's logo and name, linking home; a missing or broken logo shows the bundled one. */
export function BrandMark({ heading = false }: { heading?: boolean }) {
  const t = useT();
  const brand = useBrand();
  const Name = heading ? 'h1' : 'span';
  return (
    <Link to="/" className="brand-mark">
      <img
        src={brand.logoUrl || DEFAULT_LOGO}
        alt={t('landing.brand.logo', { brand: brand.name })}
        width={40}
        height={40}
        onError={(event) => {
          if (!event.currentTarget.src.endsWith(DEFAULT_LOGO)) event.currentTarget.src = DEFAULT_LOGO;
        }}
      />
      <Name className="brand-name">{brand.name}</Name>
    </Link>
  );
}
