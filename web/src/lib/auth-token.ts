/** The session token lives in local storage (seed-spec section 6); every call sends it. */
const KEY = 'token';

export const authToken = {
  /** Its key in local storage: another tab's change of it arrives as a `storage` event of this key. */
  key: KEY,
  get: (): string | null => localStorage.getItem(KEY),
  set: (token: string) => localStorage.setItem(KEY, token),
  clear: () => localStorage.removeItem(KEY),
};
