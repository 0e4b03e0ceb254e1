import type { BankAccount } from '../customer-api';
import { formatDateTime } from '../order-format';

interface BankAccountsTableProps {
  accounts: readonly BankAccount[];
  onEdit: (account: BankAccount) => void;
  onDelete: (account: BankAccount) => void;
  onMakeDefault: (account: BankAccount) => void;
}

export function BankAccountsTable({ accounts, onEdit, onDelete, onMakeDefault }: BankAccountsTableProps) {
  if (accounts.length === 0) return <p className="muted">No bank accounts saved yet.</p>;
  return (
    <div className="table-wrap">
      <table>
        <thead>
          <tr>
            <th>Bank</th>
            <th>Account holder</th>
            <th>Account number</th>
            <th>IFSC</th>
            <th>Default</th>
            <th>Added</th>
            <th>Actions</th>
          </tr>
        </thead>
        <tbody>
          {accounts.map((a) => (
            <tr key={a._id}>
              <td>{a.bankName}</td>
              <td>{a.accountName}</td>
              <td>{a.accountNumber}</td>
              <td>{a.ifsc}</td>
              <td>
                {a.isDefault ? (
                  <span className="badge">Default</span>
                ) : (
                  <button type="button" className="btn link" onClick={() => onMakeDefault(a)}>
                    Make default
                  </button>
                )}
              </td>
              <td>{formatDateTime(a.createdAt)}</td>
              <td>
                <div className="row actions">
                  <button type="button" className="btn secondary small" onClick={() => onEdit(a)} aria-label={`Edit ${a.bankName} account ${a.accountNumber}`}>
                    Edit
                  </button>
                  <button type="button" className="btn danger small" onClick={() => onDelete(a)} aria-label={`Delete ${a.bankName} account ${a.accountNumber}`}>
                    Delete
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
