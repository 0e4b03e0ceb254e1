import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Field } from '../../../components/field';
import { Loaded } from '../../../components/loaded';
import { Pager } from '../../../components/pager';
import { useBrowserPages } from '../../../components/use-browser-pages';
import { BrandSelect } from '../tenants/brand-select';
import { PageHead } from '../ui/page-head';
import { useAdminScope } from '../use-admin-scope';
import { AddUserModal } from './add-user-modal';
import { UserDetailsModal } from './user-details-modal';
import { UsersTable } from './users-table';
import { usersApi, usersListKey, type UserListQuery } from './users-api';
import '../admin-forms.css';
import { textFilter, unusedFilter, useUrlFilters } from '../../../lib/use-url-filters';

/** Seed-spec section 9: the user list shows 25 a page. */
export const USERS_PAGE_SIZE = 25;

/**
 * User Management, paged here in the browser. Operator admins see every brand's users, or one
 * brand's (?tenantId= in the address, as on the orders list); a brand admin sees their brand's.
 */
export function AdminUsersPage() {
  const { operator, tenantId: ownTenant } = useAdminScope();
  const filters = useUrlFilters({ tenantId: operator ? textFilter() : unusedFilter('') });
  const brand = filters.filters.tenantId;
  const query: UserListQuery = brand ? { tenantId: brand } : {};
  const users = useQuery({ queryKey: usersListKey(query), queryFn: () => usersApi.list(query) });
  const [adding, setAdding] = useState(false);
  // The id, not the row: after a role change the refreshed list shows the user as they are now.
  const [viewingId, setViewingId] = useState<string | null>(null);

  const list = users.data?.users ?? [];
  const viewing = list.find((u) => u._id === viewingId);
  const { shown, pager } = useBrowserPages(list, USERS_PAGE_SIZE);

  return (
    <div className="admin-page">
      <PageHead title="User Management" note={users.data && `Total: ${users.data.total} users`}>
        {operator && (
          <Field label="Brand">
            <BrandSelect value={brand} onChange={(id) => filters.set({ tenantId: id })} allLabel="All brands" />
          </Field>
        )}
        <button type="button" className="btn" onClick={() => setAdding(true)}>
          + Add User
        </button>
      </PageHead>

      <section className="card" aria-label="Users">
        <Loaded query={users} loading="Loading users..." failed="Unauthorized or server error">
          {() =>
            list.length === 0 ? (
              <p className="admin-empty">No users found</p>
            ) : (
              <>
                <UsersTable users={shown} showBrand={operator} onView={(user) => setViewingId(user._id)} />
                <Pager {...pager} label="users" />
              </>
            )
          }
        </Loaded>
      </section>

      {/* A new account goes to the brand the list shows, else the admin's own. */}
      {adding && <AddUserModal operator={operator} defaultTenantId={brand || ownTenant || ''} onClose={() => setAdding(false)} />}
      {viewing && <UserDetailsModal user={viewing} operatorTenantId={operator ? ownTenant : null} onClose={() => setViewingId(null)} />}
    </div>
  );
}
