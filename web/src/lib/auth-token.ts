/** The session token lives in local storage (seed-spec section 6); every call sends it. */
const KEY = 'token';

export const authToken = {
  get: (): string | null => localStorage.getItem(KEY),
  set: (token: string) => localStorage.setItem(KEY, token),
  clear: () => localStorage.removeItem(KEY),
};
