import { BankAccountsManager } from './bank-accounts-manager';
import { SavedPage } from '../ui/saved-page';

export const BankAccountsPage = () => (
  <SavedPage title="customer.banks.title">
    <BankAccountsManager />
  </SavedPage>
);
