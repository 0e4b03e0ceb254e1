import { Modal } from '../../../components/modal';
import { formatDateTime } from '../../../lib/format-date-time';
import { RoleBadges } from './role-badges';
import { UserRoleControl } from './user-role-control';
import type { AdminUser } from './users-api';

const DefaultBadge = ({ on }: { on: boolean }) => (on ? <span className="badge admin-default">Default</span> : null);

interface UserDetailsModalProps {
  user: AdminUser;
  /** The operator's own brand when an operator admin is looking (they may change roles); else null. */
  operatorTenantId: string | null;
  onClose: () => void;
}

/** Everything the admin may need to help a user: identity, brand, saved USDT wallets and bank accounts. */
export function UserDetailsModal({ user, operatorTenantId, onClose }: UserDetailsModalProps) {
  const wallets = user.wallets.usdt;
  const accounts = user.bankDetails.accounts;
  return (
    <Modal title="User Details" onClose={onClose} size="large">
      <dl className="admin-details">
        <div>
          <dt>Username</dt>
          <dd>{user.username || '-'}</dd>
        </div>
        <div>
          <dt>Phone</dt>
          <dd>{user.phone}</dd>
        </div>
        <div>
          <dt>Brand</dt>
          <dd>{user.brand.name}</dd>
        </div>
        <div>
          <dt>Roles</dt>
          <dd className="row">
            <RoleBadges roles={user.roles} />
            {operatorTenantId !== null && <UserRoleControl user={user} operatorTenantId={operatorTenantId} />}
          </dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd>{formatDateTime(user.createdAt)}</dd>
        </div>
        {user.bankDetails.upiId && (
          <div>
            <dt>UPI ID</dt>
            <dd>{user.bankDetails.upiId}</dd>
          </div>
        )}
        <div>
          <dt>User ID</dt>
          <dd className="admin-mono">{user._id}</dd>
        </div>
      </dl>

      <h3 className="admin-subhead">USDT Wallets</h3>
      {wallets.length === 0 ? (
        <p className="muted">No wallets configured</p>
      ) : (
        <div className="table-wrap">
          <table className="admin-table" aria-label="USDT wallets">
            <thead>
              <tr>
                <th scope="col">Network</th>
                <th scope="col">Label</th>
                <th scope="col">Address</th>
                <th scope="col">Default</th>
              </tr>
            </thead>
            <tbody>
              {wallets.map((w) => (
                <tr key={w._id}>
                  <td>{w.network}</td>
                  <td>{w.label || '-'}</td>
                  <td className="admin-mono">{w.address}</td>
                  <td>
                    <DefaultBadge on={w.isDefault} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h3 className="admin-subhead">Bank Accounts</h3>
      {accounts.length === 0 ? (
        <p className="muted">No bank accounts</p>
      ) : (
        <div className="table-wrap">
          <table className="admin-table" aria-label="Bank accounts">
            <thead>
              <tr>
                <th scope="col">Bank Name</th>
                <th scope="col">Account Name</th>
                <th scope="col">Account Number</th>
                <th scope="col">IFSC</th>
                <th scope="col">Default</th>
              </tr>
            </thead>
            <tbody>
              {accounts.map((a) => (
                <tr key={a._id}>
                  <td>{a.bankName}</td>
                  <td>{a.accountName}</td>
                  <td className="nowrap">{a.accountNumber}</td>
                  <td className="nowrap">{a.ifsc}</td>
                  <td>
                    <DefaultBadge on={a.isDefault} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Modal>
  );
}
