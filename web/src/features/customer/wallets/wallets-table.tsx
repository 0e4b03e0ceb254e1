import type { Wallet } from '../customer-api';
import { formatDateTime, shortAddress } from '../order-format';

interface WalletsTableProps {
  wallets: readonly Wallet[];
  onEdit: (wallet: Wallet) => void;
  onDelete: (wallet: Wallet) => void;
  onMakeDefault: (wallet: Wallet) => void;
}

export function WalletsTable({ wallets, onEdit, onDelete, onMakeDefault }: WalletsTableProps) {
  if (wallets.length === 0) return <p className="muted">No USDT addresses saved yet.</p>;
  return (
    <div className="table-wrap">
      <table>
        <thead>
          <tr>
            <th>Label</th>
            <th>Network</th>
            <th>Address</th>
            <th>Default</th>
            <th>Added</th>
            <th>Actions</th>
          </tr>
        </thead>
        <tbody>
          {wallets.map((w) => (
            <tr key={w._id}>
              <td>{w.label || '-'}</td>
              <td>{w.network}</td>
              <td>
                <code title={w.address}>{shortAddress(w.address)}</code>
              </td>
              <td>
                {w.isDefault ? (
                  <span className="badge">Default</span>
                ) : (
                  <button type="button" className="btn link" onClick={() => onMakeDefault(w)}>
                    Make default
                  </button>
                )}
              </td>
              <td>{formatDateTime(w.createdAt)}</td>
              <td>
                <div className="row actions">
                  <button type="button" className="btn secondary small" onClick={() => onEdit(w)} aria-label={`Edit ${w.network} address ${shortAddress(w.address)}`}>
                    Edit
                  </button>
                  <button type="button" className="btn danger small" onClick={() => onDelete(w)} aria-label={`Delete ${w.network} address ${shortAddress(w.address)}`}>
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
