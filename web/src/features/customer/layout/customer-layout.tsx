import { useState } from 'react';
import { Navigate, Outlet } from 'react-router';
import { useBrand } from '../../../lib/public-config';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';
import { RequireUser } from '../../../components/require-user';
import { isAdmin, isCompliance } from '../../../lib/session';
import { LiveUpdates, type LiveKeys } from '../../../lib/live-updates';
import { keys } from '../customer-queries';
import { useT } from '../../../i18n/use-t';
import { LanguagePreference } from './language-preference';
import '../../../components/shell.css';
import '../customer.css';

const NAV_ID = 'customer-nav';

/** The customer's orders (list, bell, each order) are under one key: any change refetches them. */
const LIVE_KEYS: LiveKeys = { all: [keys.orders], order: () => [keys.orders] };

/** The customer area's frame: sidebar, top bar and the current page. Compliance staff trade nothing: theirs is /compliance. */
export function CustomerLayout() {
  const t = useT();
  const brand = useBrand();
  const [navOpen, setNavOpen] = useState(false);
  const closeNav = () => setNavOpen(false);
  return (
    <RequireUser>
      {(user) =>
        isCompliance(user) && !isAdmin(user) ? (
          <Navigate to="/compliance" replace />
        ) : (
          <div className="customer-shell">
            <LiveUpdates keys={LIVE_KEYS} />
            <LanguagePreference saved={user.language} />
            <a className="skip-link" href="#customer-main">
              {t('customer.layout.skip')}
            </a>
            <Sidebar id={NAV_ID} brand={brand} open={navOpen} onNavigate={closeNav} />
            {navOpen && <div className="nav-scrim" aria-hidden="true" onClick={closeNav} />}
            <div className="customer-main">
              <TopBar user={user} navId={NAV_ID} navOpen={navOpen} onToggleNav={() => setNavOpen(!navOpen)} />
              <main id="customer-main" tabIndex={-1}>
                <Outlet />
              </main>
            </div>
          </div>
        )
      }
    </RequireUser>
  );
}
