import { useMe, isAdmin, isCompliance } from '../../lib/session';
import { AuthenticatorCard } from './authenticator-card';
import { SessionsList } from './sessions-list';
import './account.css';

/**
 * "Sessions" in the customer area and the admin and compliance desks (decision 0029): where the
 * account is signed in, and for staff their authenticator app.
 */
export function SessionsPage() {
  const { data: me } = useMe();
  const staff = isAdmin(me) || isCompliance(me);
  return (
    <div className="sessions-page">
      <h1>Sessions</h1>
      {staff && <AuthenticatorCard />}
      <section className="card" aria-labelledby="sessions-title">
        <h2 id="sessions-title">Where you are signed in</h2>
        <p>Sign out any session you do not recognise, then change your password.</p>
        <SessionsList />
      </section>
    </div>
  );
}
