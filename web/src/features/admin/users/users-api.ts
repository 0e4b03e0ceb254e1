import type { InferRequestType } from 'hono/client';
import { api, unwrap } from '../../../lib/api';
import { unwrapSaveOrWait } from '../changes/changes-api';

const users = api.admin.users;

export const usersApi = {
  list: (query: UserListQuery) => unwrap(users.$get({ query })),
  // A staff account, and any staff role granted or removed, waits for a second admin (202, docs/desk-changes.md).
  create: (json: NewUser) => unwrapSaveOrWait(users.$post({ json })),
  setRoles: (id: string, roles: Roles) => unwrapSaveOrWait(users[':id'].roles.$put({ param: { id }, json: { roles } })),
};

/** Every list (whichever brand it shows) starts with this, so one invalidation refreshes them all. */
export const usersKey = ['admin', 'users'] as const;
export const usersListKey = (query: UserListQuery) => [...usersKey, query] as const;

export type UserListQuery = InferRequestType<typeof users.$get>['query'];
export type NewUser = InferRequestType<typeof users.$post>['json'];
export type Roles = InferRequestType<(typeof users)[':id']['roles']['$put']>['json']['roles'];
export type AdminUser = Awaited<ReturnType<typeof usersApi.list>>['users'][number];

/** How a user is named in labels: the username when they chose one, else the phone. */
export const userName = (user: Pick<AdminUser, 'username' | 'phone'>) => user.username || user.phone;
