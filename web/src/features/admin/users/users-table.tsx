import { DataTable } from '../../../components/data-table';
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
    <DataTable
      className="admin-table"
      rows={users}
      rowKey={(user) => user._id}
      columns={[
        { header: 'Username', kind: 'title', cell: (user) => user.username || '-' },
        { header: 'Phone', className: 'nowrap', cell: (user) => user.phone },
        showBrand && { header: 'Brand', cell: (user) => user.brand.name },
        { header: 'Roles', cell: (user) => <RoleBadges roles={user.roles} /> },
        { header: 'Wallets', className: 'nowrap', cell: (user) => (user.wallets.usdt.length > 0 ? `${user.wallets.usdt.length} configured` : '-') },
        { header: 'Created', className: 'nowrap', cell: (user) => formatDateTime(user.createdAt) },
        {
          header: 'Actions',
          hiddenHeader: true,
          kind: 'actions',
          cell: (user) => (
            <button type="button" className="btn secondary small" aria-label={`View Details of ${userName(user)}`} onClick={() => onView(user)}>
              View Details
            </button>
          ),
        },
      ]}
    />
  );
}
