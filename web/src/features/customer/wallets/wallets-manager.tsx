import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import type { Wallet } from '../customer-api';
import { useWallets } from '../customer-queries';
import { shortAddress } from '../../../lib/order-format';
import { WalletFormModal } from './wallet-form-modal';
import { WalletsTable } from './wallets-table';
import { useDeleteWallet, useMakeDefaultWallet } from './wallet-mutations';

type Editing = { kind: 'add' } | { kind: 'edit'; wallet: Wallet } | { kind: 'delete'; wallet: Wallet } | null;

/** The saved USDT addresses with add, edit, delete and default: the wallets page and the dashboard's manage dialog. */
export function WalletsManager() {
  const { data: wallets = [], isPending } = useWallets();
  const [editing, setEditing] = useState<Editing>(null);
  const close = () => setEditing(null);
  const remove = useDeleteWallet(close);
  const makeDefault = useMakeDefaultWallet();

  return (
    <>
      <div className="row space-between">
        <p className="muted">Where the USDT of your buy orders is sent.</p>
        <button type="button" className="btn" onClick={() => setEditing({ kind: 'add' })}>
          Add Address
        </button>
      </div>
      {isPending ? (
        <p className="muted">Loading...</p>
      ) : (
        <WalletsTable
          wallets={wallets}
          onEdit={(wallet) => setEditing({ kind: 'edit', wallet })}
          onDelete={(wallet) => setEditing({ kind: 'delete', wallet })}
          onMakeDefault={(w) => makeDefault.mutate(w._id)}
        />
      )}
      {editing?.kind === 'add' && <WalletFormModal onClose={close} />}
      {editing?.kind === 'edit' && <WalletFormModal wallet={editing.wallet} onClose={close} />}
      {editing?.kind === 'delete' && (
        <ConfirmDialog
          title="Delete USDT Address"
          confirmLabel={remove.isPending ? 'Deleting...' : 'Delete'}
          busy={remove.isPending}
          onCancel={close}
          onConfirm={() => remove.mutate(editing.wallet._id)}
        >
          <p>
            Delete the {editing.wallet.network} address <code>{shortAddress(editing.wallet.address)}</code>? Orders already placed keep it.
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}
