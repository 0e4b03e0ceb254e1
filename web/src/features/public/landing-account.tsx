import { Link } from 'react-router';
import { authToken } from '../../lib/auth-token';
import { homeFor, isAdmin, isCompliance, useMe, type CurrentUser } from '../../lib/session';
import { useT, type Translate } from '../../i18n/use-t';

/** Who is signed in on this browser: null for a visitor (no token, or one the server no longer takes), 'checking' while asked. */
export function useSignedInUser(): CurrentUser | null | 'checking' {
  const me = useMe();
  if (authToken.get() === null || me.isError) return null;
  return me.data ?? 'checking';
}

/** The words of the link to a signed-in user's own area. */
function homeLabel(user: CurrentUser, t: Translate): string {
  if (isAdmin(user)) return t('landing.account.toAdmin');
  if (isCompliance(user)) return t('landing.account.toCompliance');
  return t('landing.account.toDashboard');
}

/**
 * The header's way in (seed-spec section 2: Login and Register). Signed in (after sign-up the
 * customer arrives here), it says who they are and leads to their own dashboard instead.
 */
export function LandingAccount({ user }: { user: CurrentUser | null | 'checking' }) {
  const t = useT();
  if (user === 'checking') return <nav aria-label={t('landing.account.nav')} aria-busy="true" className="row landing-account" />;
  if (user === null) {
    return (
      <nav aria-label={t('landing.account.nav')} className="row landing-account">
        <Link className="btn secondary" to="/login">
          {t('landing.account.login')}
        </Link>
        <Link className="btn" to="/register">
          {t('landing.account.register')}
        </Link>
      </nav>
    );
  }
  return (
    <nav aria-label={t('landing.account.nav')} className="row landing-account">
      <span className="signed-in-as">
        {t('landing.account.signedInAs')} <strong>{user.username || user.phone}</strong>
      </span>
      <Link className="btn" to={homeFor(user)}>
        {homeLabel(user, t)}
      </Link>
    </nav>
  );
}
