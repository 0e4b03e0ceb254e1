import { Loaded } from '../../../components/loaded';
import { PageHead } from '../ui/page-head';
import { useAdminScope } from '../use-admin-scope';
import { BankAccountsTable } from './bank-accounts-table';
import { ReconciliationNav } from './reconciliation-nav';
import { useBankAccounts } from './use-bank-accounts';
import '../admin-forms.css';
import './reconciliation.css';

/** Reconciliation: the bank accounts of the brands in the admin's scope, each opening its statements and lines. */
export function ReconciliationPage() {
  const accounts = useBankAccounts();
  const { operator } = useAdminScope();
  return (
    <div className="admin-page">
      <PageHead title="Reconciliation" note="Bank statements checked against the orders: upload each account's statement to see its lines." />
      <ReconciliationNav />
      <section className="card" aria-labelledby="accounts-heading">
        <h2 id="accounts-heading">Bank accounts</h2>
        <Loaded query={accounts} loading="Loading bank accounts..." failed="Failed to load the bank accounts">
          {(list) => <BankAccountsTable accounts={list} showBrand={operator} />}
        </Loaded>
      </section>
    </div>
  );
}
