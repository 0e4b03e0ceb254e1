import type { Wallet } from '../customer-api';
import { shortAddress } from '../../../lib/order-format';
import { SavedTable, type SavedColumn } from '../ui/saved-table';
import { ShortValue } from '../../../components/short-value';

const COLUMNS: SavedColumn<Wallet>[] = [
  { header: 'Label', cell: (w) => w.label || '-' },
  { header: 'Network', cell: (w) => w.network },
  { header: 'Address', cell: (w) => <ShortValue value={w.address} what={`${w.network} address`} head={8} tail={8} done="Address copied to clipboard!" /> },
];

interface WalletsTableProps {
  wallets: readonly Wallet[];
  onEdit: (wallet: Wallet) => void;
  onDelete: (wallet: Wallet) => void;
  onMakeDefault: (wallet: Wallet) => void;
}

export function WalletsTable({ wallets, ...actions }: WalletsTableProps) {
  return (
    <SavedTable
      rows={wallets}
      columns={COLUMNS}
      empty="No USDT addresses saved yet."
      describe={(w) => `${w.network} address ${shortAddress(w.address)}`}
      {...actions}
    />
  );
}
