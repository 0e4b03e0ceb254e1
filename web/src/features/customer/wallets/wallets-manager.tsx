import { ShortValue } from '../../../components/short-value';
import { shortAddress } from '../../../lib/order-format';
import { customerApi, type Wallet } from '../customer-api';
import { useWallets } from '../customer-queries';
import { SavedManager, type SavedKind } from '../ui/saved-manager';
import { WalletFormModal } from './wallet-form-modal';

/** The saved USDT addresses: their words, columns and form in the shared manager (ui/saved-manager). */
const WALLETS: SavedKind<Wallet> = {
  intro: 'Where the USDT of your buy orders is sent.',
  addLabel: 'Add Address',
  columns: [
    { header: 'Label', cell: (w) => w.label || '-' },
    { header: 'Network', cell: (w) => w.network },
    { header: 'Address', cell: (w) => <ShortValue value={w.address} what={`${w.network} address`} head={8} tail={8} done="Address copied to clipboard!" /> },
  ],
  empty: 'No USDT addresses saved yet.',
  describe: (w) => `${w.network} address ${shortAddress(w.address)}`,
  form: ({ row, onClose }) => <WalletFormModal wallet={row} onClose={onClose} />,
  deleteTitle: 'Delete USDT Address',
  deleteQuestion: (w) => (
    <>
      Delete the {w.network} address <code>{shortAddress(w.address)}</code>? Orders already placed keep it.
    </>
  ),
  remove: customerApi.deleteWallet,
  removeFailure: 'Failed to delete wallet address',
  makeDefault: (id) => customerApi.updateWallet(id, { isDefault: true }),
  makeDefaultFailure: 'Failed to save wallet address',
};

/** The saved USDT addresses with add, edit, delete and default: the wallets page and the dashboard's manage dialog. */
export function WalletsManager() {
  const { data = [], isPending } = useWallets();
  return <SavedManager kind={WALLETS} rows={data} loading={isPending} />;
}
