import { useT } from '../../../i18n/use-t';
import { BankAccountsManager } from './bank-accounts-manager';

export function BankAccountsPage() {
  const t = useT();
  return (
    <section className="card">
      <h1>{t('customer.banks.title')}</h1>
      <BankAccountsManager />
    </section>
  );
}
