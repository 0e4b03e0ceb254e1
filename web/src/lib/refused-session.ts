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

/** The load, asked for again: the first was stopped (Esc, the Stop button, another navigation), and the tab was left waiting (review 21). */
export function leaveForLoginAgain(): void {
  location.assign('/login');
}

/** Said by the signed-in gates when they show a session's pages. */
export function markSessionShown(): void {
  sessionShown = true;
}

/**
 * What ends a session's page besides a refusal, installed once at start (review 21):
 * - the back button bringing this document back from the browser's cache after it left for the
 *   login page (the desk it showed, and everything it loaded, with no session): it leaves again;
 * - the token changed while the page was away in that cache, or by another tab of the same browser
 *   (signed out there, or signed in as someone else): a page that showed a session loads afresh,
 *   so it neither shows nor keeps what the session before loaded.
 */
export function watchTheSession(target: Window = window): void {
  let hiddenWith = authToken.get();
  target.addEventListener('pagehide', () => {
    hiddenWith = authToken.get();
  });
  target.addEventListener('pageshow', (event) => {
    if (!(event as PageTransitionEvent).persisted) return;
    if (leavingForLogin) target.location.replace('/login');
    else if (sessionShown && authToken.get() !== hiddenWith) target.location.reload();
  });
  target.addEventListener('storage', (event) => {
    // `key` null: the whole storage was cleared.
    if (!sessionShown || leavingForLogin || (event.key !== null && event.key !== authToken.key)) return;
    if (event.oldValue === event.newValue) return;
    leavingForLogin = authToken.get() === null;
    if (leavingForLogin) target.location.replace('/login');
    else target.location.reload();
  });
}
