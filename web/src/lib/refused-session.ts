import { authToken } from './auth-token';

/**
 * A token the server refused (401) signs this tab out (seed-spec section 8), from wherever the
 * refusal came: the token is forgotten and the login page loaded afresh, so nothing the session
 * loaded stays in the page's memory. Only the first refusal of a token acts: when several calls
 * are refused at once, a second location.assign would abort the load the first one started.
 */
let leavingForLogin = false;

/** Whether this document has shown a signed-in area (the gates say so): only such a page has a session's data to drop. */
let sessionShown = false;

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

/** Said by the signed-in gates when they show a session's pages. */
export function markSessionShown(): void {
  sessionShown = true;
}

/**
 * What ends a session's page besides a refusal, installed once at start (reviews 21 and 22):
 * - the back button bringing this document back from the browser's cache after it left for the
 *   login page (the desk it showed, and everything it loaded, with no session): it leaves again;
 * - the session changed while the page was away in that cache, or by another tab of the same
 *   browser: signed out there (the token gone, or the whole storage cleared), the login page loads;
 *   signed in there as someone else, the page loads afresh, so it neither shows nor keeps what the
 *   person before loaded. The same person signing in again elsewhere changes nothing here: their
 *   new token is valid, and this page goes on with it.
 */
export function watchTheSession(target: Window = window): void {
  let hiddenWith = authToken.get();
  const leave = () => {
    leavingForLogin = true;
    target.location.replace('/login');
  };
  const followChange = (before: string | null) => {
    const now = authToken.get();
    if (now === null) leave();
    else if (personOf(now) !== personOf(before)) target.location.reload();
  };
  target.addEventListener('pagehide', () => {
    hiddenWith = authToken.get();
  });
  target.addEventListener('pageshow', (event) => {
    if (!(event as PageTransitionEvent).persisted) return;
    if (leavingForLogin) leave();
    else if (sessionShown && authToken.get() !== hiddenWith) followChange(hiddenWith);
  });
  target.addEventListener('storage', (event) => {
    // `key` null: the whole storage was cleared (both values null then).
    if (!sessionShown || leavingForLogin || (event.key !== null && event.key !== authToken.key)) return;
    if (event.key !== null && event.oldValue === event.newValue) return;
    followChange(event.key === null ? hiddenWith : event.oldValue);
  });
}

/**
 * Whose session a token is: its `sub`, read from the token's payload without checking its signature
 * (the server checks it on every call; here it only tells one person from another). A few lines
 * rather than a JWT library for one field. null for no token, or one that is not a JWT.
 */
function personOf(token: string | null): string | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown };
    return typeof claims.sub === 'string' ? claims.sub : null;
  } catch {
    return null;
  }
}
