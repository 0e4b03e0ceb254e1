import { WalletsManager } from './wallets-manager';
import { SavedPage } from '../ui/saved-page';

export const WalletsPage = () => (
  <SavedPage title="customer.wallets.title">
    <WalletsManager />
  </SavedPage>
);
