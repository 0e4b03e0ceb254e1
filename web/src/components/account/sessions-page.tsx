import { useT } from '../../i18n/use-t';
import '../../i18n/account/texts';
import { useMe, isAdmin, isCompliance } from '../../lib/session';
import { AuthenticatorCard } from './authenticator-card';
import { SessionsList } from './sessions-list';
import './account.css';

/**
 * "Sessions" in the customer area and the admin and compliance desks (decision 0029): where the
 * account is signed in, and for staff their authenticator app.
 */
export function SessionsPage() {
  const t = useT();
  const { data: me } = useMe();
  const staff = isAdmin(me) || isCompliance(me);
  return (
    <div className="sessions-page">
      <h1>{t('account.sessions.title')}</h1>
      {staff && <AuthenticatorCard />}
      <section className="card" aria-labelledby="sessions-title">
        <h2 id="sessions-title">{t('account.sessions.where')}</h2>
        <p>{t('account.sessions.lead')}</p>
        <SessionsList />
      </section>
    </div>
  );
}
