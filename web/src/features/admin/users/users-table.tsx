import { formatDateTime } from '../../../lib/format-date-time';
import { RoleBadges } from './role-badges';
import { userName, type AdminUser } from './users-api';

interface UsersTableProps {
  users: AdminUser[];
  /** The Brand column, for operator admins (a brand admin's users are all their brand's). */
  showBrand: boolean;
  onView: (user: AdminUser) => void;
}

export function UsersTable({ users, showBrand, onView }: UsersTableProps) {
  return (
    <div className="table-wrap">
      <table className="admin-table">
        <thead>
          <tr>
            <th scope="col">Username</th>
            <th scope="col">Phone</th>
            {showBrand && <th scope="col">Brand</th>}
            <th scope="col">Roles</th>
            <th scope="col">Wallets</th>
            <th scope="col">Created</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => {
            const wallets = user.wallets.usdt.length;
            return (
              <tr key={user._id}>
                <td>{user.username || '-'}</td>
                <td className="nowrap">{user.phone}</td>
                {showBrand && <td>{user.brand.name}</td>}
                <td>
                  <RoleBadges roles={user.roles} />
                </td>
                <td className="nowrap">{wallets > 0 ? `${wallets} configured` : '-'}</td>
                <td className="nowrap">{formatDateTime(user.createdAt)}</td>
                <td>
                  <button type="button" className="btn secondary small" aria-label={`View Details of ${userName(user)}`} onClick={() => onView(user)}>
                    View Details
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
