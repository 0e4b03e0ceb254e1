import { useT } from '../../../i18n/use-t';
// Its texts, for wherever it is shown (the customer routes, or on its own).
import '../../../i18n/customer/texts';
import { Link } from 'react-router';
import { useBrand } from '../../../lib/public-config';

/** An address no page matches, in the brand's colours and name like every other page of its host. */
export function NotFoundPage() {
  useBrand();
  const t = useT();
  return (
    <main className="center-screen">
      <h1>{t('customer.notFound.title')}</h1>
      <p className="muted">{t('customer.notFound.text')}</p>
      <Link className="btn" to="/">
        {t('customer.notFound.home')}
      </Link>
    </main>
  );
}
