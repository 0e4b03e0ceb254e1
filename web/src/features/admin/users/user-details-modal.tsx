import { DataTable, type Column } from '../../../components/data-table';
import { Detail } from '../../../components/detail';
import { Modal } from '../../../components/modal';
import { formatDateTime } from '../../../lib/format-date-time';
import { BANK_ACCOUNT_COLUMNS } from '../ui/bank-account-columns';
import { RoleBadges } from './role-badges';
import { UserRoleControl } from './user-role-control';
import type { AdminUser } from './users-api';

interface UserDetailsModalProps {
  user: AdminUser;
  /** The operator's own brand when an operator admin is looking (they may change roles); else null. */
  operatorTenantId: string | null;
  onClose: () => void;
}

/** Everything the admin may need to help a user: identity, brand, saved USDT wallets and bank accounts. */
export function UserDetailsModal({ user, operatorTenantId, onClose }: UserDetailsModalProps) {
  return (
    <Modal title="User Details" onClose={onClose} size="large">
      <dl className="admin-details">
        <Detail label="Username">{user.username || '-'}</Detail>
        <Detail label="Phone">{user.phone}</Detail>
        <Detail label="Brand">{user.brand.name}</Detail>
        <Detail label="Roles" className="row">
          <RoleBadges roles={user.roles} />
          {operatorTenantId !== null && (
            <>
              <UserRoleControl user={user} role="admin" operatorTenantId={operatorTenantId} />
              <UserRoleControl user={user} role="compliance" operatorTenantId={operatorTenantId} />
            </>
          )}
        </Detail>
        <Detail label="Created">{formatDateTime(user.createdAt)}</Detail>
        {user.bankDetails.upiId && <Detail label="UPI ID">{user.bankDetails.upiId}</Detail>}
        <Detail label="User ID" className="admin-mono">
          {user._id}
        </Detail>
      </dl>

      <SavedList
        title="USDT Wallets"
        label="USDT wallets"
        empty="No wallets configured"
        rows={user.wallets.usdt}
        columns={[
          { header: 'Network', cell: (w) => w.network },
          { header: 'Label', cell: (w) => w.label || '-' },
          { header: 'Address', className: 'admin-mono', cell: (w) => w.address },
        ]}
      />
      <SavedList title="Bank Accounts" label="Bank accounts" empty="No bank accounts" rows={user.bankDetails.accounts} columns={BANK_ACCOUNT_COLUMNS} />
    </Modal>
  );
}

interface SavedListProps<Row extends { _id: string; isDefault: boolean }> {
  title: string;
  /** The table's accessible name. */
  label: string;
  empty: string;
  rows: readonly Row[];
  columns: readonly Column<Row>[];
}

/** What the user saved (wallets, bank accounts), with the one their forms preselect marked Default. */
function SavedList<Row extends { _id: string; isDefault: boolean }>({ title, label, empty, rows, columns }: SavedListProps<Row>) {
  return (
    <>
      <h3 className="admin-subhead">{title}</h3>
      <DataTable
        className="admin-table"
        label={label}
        rows={rows}
        rowKey={(row) => row._id}
        empty={<p className="muted">{empty}</p>}
        columns={[...columns, { header: 'Default', cell: (row) => (row.isDefault ? <span className="badge admin-default">Default</span> : null) }]}
      />
    </>
  );
}
