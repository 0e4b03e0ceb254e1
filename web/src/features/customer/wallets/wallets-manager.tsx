import { useT, type Translate } from '../../../i18n/use-t';
import { ShortValue } from '../../../components/short-value';
import { shortAddress } from '../../../lib/order-format';
import { customerApi, type Wallet } from '../customer-api';
import { useWallets } from '../customer-queries';
import { SavedManager, type SavedKind } from '../ui/saved-manager';
import { WalletFormModal } from './wallet-form-modal';

/** The saved USDT addresses: their words, columns and form in the shared manager (ui/saved-manager). */
const wallets = (t: Translate): SavedKind<Wallet> => ({
  intro: t('customer.wallets.intro'),
  addLabel: t('customer.wallets.add'),
  columns: [
    { header: t('customer.wallets.label'), cell: (w) => w.label || '-' },
    { header: t('customer.wallets.network'), cell: (w) => w.network },
    {
      header: t('customer.wallets.address'),
      cell: (w) => (
        <ShortValue
          value={w.address}
          what={t('customer.wallets.addressOf', { network: w.network })}
          head={8}
          tail={8}
          done={t('customer.wallets.copied')}
          copyLabel={t('customer.copy.label')}
        />
      ),
    },
  ],
  empty: t('customer.wallets.empty'),
  describe: (w) => t('customer.wallets.describe', { network: w.network, address: shortAddress(w.address) }),
  form: ({ row, onClose }) => <WalletFormModal wallet={row} onClose={onClose} />,
  deleteTitle: t('customer.wallets.deleteTitle'),
  deleteQuestion: (w) => t('customer.wallets.deleteAsk', { network: w.network, address: shortAddress(w.address) }),
  remove: customerApi.deleteWallet,
  removeFailure: 'Failed to delete wallet address',
  makeDefault: (id) => customerApi.updateWallet(id, { isDefault: true }),
  makeDefaultFailure: 'Failed to save wallet address',
});

/** The saved USDT addresses with add, edit, delete and default: the wallets page and the dashboard's manage dialog. */
export function WalletsManager() {
  const t = useT();
  const { data = [], isPending } = useWallets();
  return <SavedManager kind={wallets(t)} rows={data} loading={isPending} />;
}
