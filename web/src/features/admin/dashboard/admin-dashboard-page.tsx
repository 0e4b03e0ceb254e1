import { useQuery } from '@tanstack/react-query';
import { adminApi, adminKeys } from '../admin-api';
import { StatCards } from './stat-cards';
import { QuickActions } from './quick-actions';
import { DailyChart } from './daily-chart';
import { RecentOrders } from './recent-orders';

/** Counts move as customers place orders; a slow refresh keeps an open dashboard current. */
const DASHBOARD_REFRESH_MS = 30_000;

export function AdminDashboardPage() {
  const dashboard = useQuery({ queryKey: adminKeys.dashboard, queryFn: adminApi.dashboard, refetchInterval: DASHBOARD_REFRESH_MS });
  const data = dashboard.data;
  return (
    <section className="stack admin-screen">
      <h1>Admin Dashboard</h1>
      {dashboard.isPending && <p className="muted">Loading dashboard...</p>}
      {dashboard.isError && !data && (
        <p role="alert" className="error">
          Failed to load dashboard
        </p>
      )}
      {data && (
        <>
          <StatCards stats={data.stats} />
          <QuickActions pending={data.stats.pendingOrders} />
          <DailyChart days={data.daily} />
          <RecentOrders orders={data.recentOrders} />
        </>
      )}
    </section>
  );
}
