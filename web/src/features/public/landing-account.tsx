import { Link } from 'react-router';
import { authToken } from '../../lib/auth-token';
import { homeFor, isAdmin, isCompliance, useMe, type CurrentUser } from '../../lib/session';

/** Who is signed in on this browser: null for a visitor (no token, or one the server no longer takes), 'checking' while asked. */
export function useSignedInUser(): CurrentUser | null | 'checking' {
  const me = useMe();
  if (authToken.get() === null || me.isError) return null;
  return me.data ?? 'checking';
}

/** The words of the link to a signed-in user's own area. */
function homeLabel(user: CurrentUser): string {
  if (isAdmin(user)) return 'Go to admin dashboard';
  if (isCompliance(user)) return 'Go to compliance';
  return 'Go to my dashboard';
}

/**
 * The header's way in (seed-spec section 2: Login and Register). Signed in (after sign-up the
 * customer arrives here), it says who they are and leads to their own dashboard instead.
 */
export function LandingAccount({ user }: { user: CurrentUser | null | 'checking' }) {
  if (user === 'checking') return <nav aria-label="Account" aria-busy="true" className="row landing-account" />;
  if (user === null) {
    return (
      <nav aria-label="Account" className="row landing-account">
        <Link className="btn secondary" to="/login">
          Login
        </Link>
        <Link className="btn" to="/register">
          Register
        </Link>
      </nav>
    );
  }
  return (
    <nav aria-label="Account" className="row landing-account">
      <span className="signed-in-as">
        Signed in as <strong>{user.username || user.phone}</strong>
      </span>
      <Link className="btn" to={homeFor(user)}>
        {homeLabel(user)}
      </Link>
    </nav>
  );
}
