import { Link, useLocation } from 'react-router';
import { DEFAULT_TENANT_ID } from '@desk/machines/tenants/tenant-id';
import { useBrand } from '../../../lib/public-config';
import { homeFor, isCompliance, useLogOut, type CurrentUser } from '../../../lib/session';
import { RequireUser } from '../../../components/require-user';
import type { Crumb } from '../../../components/breadcrumb';
import { DeskShell } from '../../../components/desk-shell/desk-shell';
import { COMPLIANCE_LINKS } from './compliance-nav';
import { complianceBreadcrumb } from './compliance-breadcrumb';
// The desk shell (components/desk-shell) brings the shared sheet; compliance.css adds this area's screens.
import '../compliance.css';

/**
 * The compliance area's frame. No token goes to /login (RequireUser); a signed-in user without the
 * compliance role is told so, since the server refuses every compliance call to them (403).
 */
export function ComplianceLayout() {
  const { pathname } = useLocation();
  const crumbs = complianceBreadcrumb(pathname);
  // Asked for here, so the brand's colour and the tab's title (the page, the brand) apply while the user still loads.
  const brand = useBrand(crumbs.at(-1)?.label);
  return (
    <RequireUser>{(user) => (isCompliance(user) ? <ComplianceShell user={user} brand={brand} crumbs={crumbs} /> : <AccessDenied user={user} />)}</RequireUser>
  );
}

function AccessDenied({ user }: { user: CurrentUser }) {
  const logOut = useLogOut();
  return (
    <main className="center-screen">
      <div role="alert" className="card error-card stack">
        <h1>Access denied</h1>
        <p>The compliance area is for compliance staff. Your account does not hold the compliance role.</p>
      </div>
      <div className="row">
        <Link className="btn" to={homeFor(user)}>
          Go to your dashboard
        </Link>
        <button type="button" className="btn secondary" onClick={logOut}>
          Sign in as someone else
        </button>
      </div>
    </main>
  );
}

/** The compliance configuration of the desk shell: its menu, breadcrumb, and what the officer reads. */
function ComplianceShell({ user, brand, crumbs }: { user: CurrentUser; brand: ReturnType<typeof useBrand>; crumbs: Crumb[] }) {
  // The same scope rule as admins (complianceScopeOf): the operator's own tenant reads every brand.
  const scope = user.tenantId === DEFAULT_TENANT_ID ? 'All brands' : `Brand: ${brand.name}`;
  const headerItems = (
    <>
      <span className="badge">{scope}</span>
      <span className="badge read-only">Read only</span>
    </>
  );
  return <DeskShell area={{ id: 'compliance', name: 'Compliance', links: COMPLIANCE_LINKS, crumbs, headerItems }} brand={brand} user={user} />;
}
