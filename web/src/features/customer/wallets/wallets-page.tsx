import { useT } from '../../../i18n/use-t';
import { WalletsManager } from './wallets-manager';

export function WalletsPage() {
  const t = useT();
  return (
    <section className="card">
      <h1>{t('customer.wallets.title')}</h1>
      <WalletsManager />
    </section>
  );
}
