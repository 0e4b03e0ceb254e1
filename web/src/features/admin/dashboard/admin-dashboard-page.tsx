import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Field } from '../../../components/field';
import { ErrorAlert } from '../../../components/error-alert';
import { adminApi, adminKeys, type DashboardQuery } from '../admin-api';
import { BrandSelect } from '../tenants/brand-select';
import { BrandSupportCard } from '../tenants/brand-support-card';
import { useAdminScope } from '../use-admin-scope';
import { StatCards } from './stat-cards';
import { QuickActions } from './quick-actions';
import { DailyChart } from './daily-chart';
import { RecentOrders } from './recent-orders';
import { useLivePolling } from '../../../lib/live-updates';
import { textFilter, unusedFilter, useUrlFilters } from '../../../lib/use-url-filters';

/** Counts move as customers place orders; a slow refresh keeps an open dashboard current. */
const DASHBOARD_REFRESH_MS = 30_000;

/**
 * The desk at a glance. Operator admins see every brand's figures or, chosen above them, one
 * brand's (kept in the address as ?tenantId=, like the orders' filters); a brand admin sees theirs.
 */
export function AdminDashboardPage() {
  const { operator, tenantId: ownBrand } = useAdminScope();
  const filters = useUrlFilters({ tenantId: operator ? textFilter() : unusedFilter('') });
  const tenantId = filters.filters.tenantId;
  const query: DashboardQuery = tenantId ? { tenantId } : {};
  const poll = useLivePolling();
  const dashboard = useQuery({
    queryKey: adminKeys.dashboard(query),
    queryFn: () => adminApi.dashboard(query),
    refetchInterval: poll(DASHBOARD_REFRESH_MS),
    // Another brand's figures replace these when they arrive, instead of the page going blank.
    placeholderData: keepPreviousData,
  });
  const data = dashboard.data;
  return (
    <section className="stack admin-screen">
      <div className="row space-between">
        <h1>Admin Dashboard</h1>
        {operator && (
          <Field label="Brand">
            <BrandSelect value={tenantId} onChange={(id) => filters.set({ tenantId: id })} allLabel="All brands" />
          </Field>
        )}
      </div>
      {dashboard.isPending && <p className="muted">Loading dashboard...</p>}
      <ErrorAlert>{dashboard.isError && !data && 'Failed to load dashboard'}</ErrorAlert>
      {data && (
        <>
          <StatCards stats={data.stats} />
          <QuickActions pending={data.stats.pendingOrders} operator={operator} tenantId={tenantId} />
          <DailyChart days={data.daily} />
          <RecentOrders orders={data.recentOrders} showBrand={operator} />
        </>
      )}
      {/* A brand admin sets their brand's support contact here; operator admins, in the tenant form. */}
      {!operator && ownBrand && <BrandSupportCard tenantId={ownBrand} />}
    </section>
  );
}
