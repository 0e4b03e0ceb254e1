import { api, unwrap } from './api';

/**
 * The signed-in account's own calls, the same in the customer and the admin area, typed from the
 * server's routes (Hono RPC).
 */
export const accountApi = {
  /** Answers a fresh token: the server retires every older one. */
  changePassword: (json: { currentPassword: string; newPassword: string }) => unwrap(api.auth['change-password'].$post({ json })),
};
