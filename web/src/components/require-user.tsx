import { useEffect, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { authToken } from '../lib/auth-token';
import { isLeavingForLogin, leaveForLoginAgain, markSessionShown } from '../lib/refused-session';
import { useMe, type CurrentUser } from '../lib/session';

/**
 * The signed-in area's gate: no token goes to /login; while the user loads a loading screen
 * offers a reload; a failure says so (seed-spec section 2, User layout). A token the server refused
 * is already on its way to the login page (lib/refused-session.ts): the gate shows the loading
 * screen meanwhile instead of a second way there.
 */
export function RequireUser({ children }: { children: (user: CurrentUser) => ReactNode }) {
  const me = useMe();
  if (authToken.get() === null) return isLeavingForLogin() ? <LeavingScreen /> : <Navigate to="/login" replace />;
  if (me.isError) {
    return (
      <main className="center-screen">
        <div role="alert" className="card error-card">
          Failed to fetch user data. Please check your connection and try again.
        </div>
        <button type="button" className="btn" onClick={() => location.reload()}>
          Refresh Page
        </button>
      </main>
    );
  }
  if (!me.data) return <LoadingScreen />;
  markSessionShown();
  return children(me.data);
}

/** How long the loading screen waits for the login page's load before asking for it again. */
export const LEAVE_AGAIN_MS = 5_000;

/** The loading screen while the login page loads; asked for again if it has not come (the first load stopped: review 21). */
function LeavingScreen() {
  useEffect(() => {
    const timer = setInterval(leaveForLoginAgain, LEAVE_AGAIN_MS);
    return () => clearInterval(timer);
  }, []);
  return <LoadingScreen />;
}

/** Its Refresh Page is the way on if a load never comes (a page restored from the back button, say). */
function LoadingScreen() {
  return (
    <main className="center-screen" aria-busy="true">
      <p>Loading...</p>
      <button type="button" className="btn secondary" onClick={() => location.reload()}>
        Refresh Page
      </button>
    </main>
  );
}
