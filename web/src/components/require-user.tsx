import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { authToken } from '../lib/auth-token';
import { isLeavingForLogin, markSessionShown } from '../lib/refused-session';
import { useMe, type CurrentUser } from '../lib/session';

/**
 * The signed-in area's gate: no token goes to /login; while the user loads a loading screen
 * offers a reload; a failure says so (seed-spec section 2, User layout). A token the server refused
 * is already on its way to the login page (lib/refused-session.ts): the gate says so meanwhile
 * instead of taking a second way there.
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
  if (!me.data) {
    return (
      <main className="center-screen" aria-busy="true">
        <p>Loading...</p>
        <button type="button" className="btn secondary" onClick={() => location.reload()}>
          Refresh Page
        </button>
      </main>
    );
  }
  markSessionShown();
  return children(me.data);
}

/**
 * While the login page loads after a refusal. Its link is the way on if the load never comes (the
 * person stopped it): a screen that asked for the load again on a timer cancelled a slow one each
 * time, and the login page never came (review 22).
 */
function LeavingScreen() {
  return (
    <main className="center-screen" aria-busy="true">
      <p role="status">Your session has ended. Opening the login page...</p>
      <a className="btn secondary" href="/login">
        Open the login page
      </a>
    </main>
  );
}
