import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Pager } from '../../../components/pager';
import { useBrowserPages } from '../../../components/use-browser-pages';
import { AddUserModal } from './add-user-modal';
import { UserDetailsModal } from './user-details-modal';
import { UsersTable } from './users-table';
import { usersApi, usersKey, type AdminUser } from './users-api';
import '../admin-forms.css';

/** Seed-spec section 9: the user list shows 25 a page. */
export const USERS_PAGE_SIZE = 25;

/** User Management: every user of the admin's tenant, paged here in the browser. */
export function AdminUsersPage() {
  const users = useQuery({ queryKey: usersKey, queryFn: usersApi.list });
  const [adding, setAdding] = useState(false);
  const [viewing, setViewing] = useState<AdminUser | null>(null);

  const list = users.data?.users ?? [];
  const { shown, pager } = useBrowserPages(list, USERS_PAGE_SIZE);

  return (
    <div className="admin-page">
      <div className="admin-head">
        <div>
          <h1>User Management</h1>
          {users.data && <p className="muted">Total: {users.data.total} users</p>}
        </div>
        <button type="button" className="btn" onClick={() => setAdding(true)}>
          + Add User
        </button>
      </div>

      <section className="card" aria-label="Users">
        {users.isPending ? (
          <p className="muted">Loading users...</p>
        ) : users.isError ? (
          <p role="alert" className="error">
            Unauthorized or server error
          </p>
        ) : list.length === 0 ? (
          <p className="admin-empty">No users found</p>
        ) : (
          <>
            <UsersTable users={shown} onView={setViewing} />
            <Pager {...pager} label="users" />
          </>
        )}
      </section>

      {adding && <AddUserModal onClose={() => setAdding(false)} />}
      {viewing && <UserDetailsModal user={viewing} onClose={() => setViewing(null)} />}
    </div>
  );
}
