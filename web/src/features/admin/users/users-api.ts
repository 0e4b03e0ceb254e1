import { api, unwrap } from '../../../lib/api';

export const usersApi = {
  list: () => unwrap(api.admin.users.$get()),
  create: (json: NewUser) => unwrap(api.admin.users.$post({ json })),
};

export const usersKey = ['admin', 'users'] as const;

export type AdminUser = Awaited<ReturnType<typeof usersApi.list>>['users'][number];

export interface NewUser {
  username?: string;
  phone: string;
  password: string;
}

/** How a user is named in labels: the username when they chose one, else the phone. */
export const userName = (user: Pick<AdminUser, 'username' | 'phone'>) => user.username || user.phone;
