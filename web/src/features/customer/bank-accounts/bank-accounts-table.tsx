import type { BankAccount } from '../customer-api';
import { SavedTable, type SavedColumn } from '../ui/saved-table';

const COLUMNS: SavedColumn<BankAccount>[] = [
  { header: 'Bank', cell: (a) => a.bankName },
  { header: 'Account holder', cell: (a) => a.accountName },
  { header: 'Account number', cell: (a) => a.accountNumber },
  { header: 'IFSC', cell: (a) => a.ifsc },
];

interface BankAccountsTableProps {
  accounts: readonly BankAccount[];
  onEdit: (account: BankAccount) => void;
  onDelete: (account: BankAccount) => void;
  onMakeDefault: (account: BankAccount) => void;
}

export function BankAccountsTable({ accounts, ...actions }: BankAccountsTableProps) {
  return (
    <SavedTable
      rows={accounts}
      columns={COLUMNS}
      empty="No bank accounts saved yet."
      describe={(a) => `${a.bankName} account ${a.accountNumber}`}
      {...actions}
    />
  );
}
