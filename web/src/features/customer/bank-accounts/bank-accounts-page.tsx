import { BankAccountsManager } from './bank-accounts-manager';

export function BankAccountsPage() {
  return (
    <section className="card">
      <h1>Bank Accounts</h1>
      <BankAccountsManager />
    </section>
  );
}
