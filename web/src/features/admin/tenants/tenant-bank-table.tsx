import type { TenantBankAccount } from './tenant-api';
import { ActiveSwitch } from './active-switch';

interface TenantBankTableProps {
  accounts: TenantBankAccount[];
  saving: boolean;
  onToggle: (index: number) => void;
}

export function TenantBankTable({ accounts, saving, onToggle }: TenantBankTableProps) {
  if (accounts.length === 0) return <p className="admin-empty">No bank accounts yet</p>;
  return (
    <div className="table-wrap">
      <table className="admin-table" aria-label="Bank accounts">
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Bank Name</th>
            <th scope="col">Account Name</th>
            <th scope="col">Account Number</th>
            <th scope="col">IFSC</th>
            <th scope="col">Active</th>
          </tr>
        </thead>
        <tbody>
          {accounts.map((account, index) => (
            <tr key={account._id}>
              <td>{index + 1}</td>
              <td>{account.bankName}</td>
              <td>{account.accountName}</td>
              <td className="nowrap">{account.accountNumber}</td>
              <td className="nowrap">{account.ifsc}</td>
              <td>
                <ActiveSwitch active={account.isActive} what={`${account.bankName} ${account.accountNumber}`} disabled={saving} onToggle={() => onToggle(index)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
