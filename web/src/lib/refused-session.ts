import { authToken } from './auth-token';

/**
 * A token the server refused (401) signs this tab out (seed-spec section 8), from wherever the
 * refusal came: the token is forgotten and the login page loaded afresh, so nothing the session
 * loaded stays in the page's memory. Only the first refusal of a token acts: when several calls
 * are refused at once, a second location.assign would abort the load the first one started.
 */
let leavingForLogin = false;

export function signOutRefused(refusedToken: string): void {
  if (authToken.get() !== refusedToken) return;
  authToken.clear();
  if (location.pathname.startsWith('/login')) return;
  leavingForLogin = true;
  location.assign('/login');
}

/**
 * True once a refusal has started the login page's load. The signed-in gates wait for it rather
 * than go to /login in the app as well: that second navigation landed on /login first, and the
 * load replaced the page under whoever was already using it (a browser test's next step, a
 * person's first keystrokes in the login form).
 */
export const isLeavingForLogin = (): boolean => leavingForLogin;
