import { formatInr } from '@desk/machines/pricing/pricing';
import type { Dashboard } from '../admin-api';

const count = new Intl.NumberFormat('en-IN');

export function StatCards({ stats }: { stats: Dashboard['stats'] }) {
  const cards: [string, string][] = [
    ['Total Orders', count.format(stats.totalOrders)],
    ['Pending Orders', count.format(stats.pendingOrders)],
    ['Completed', count.format(stats.completedOrders)],
    ['Total Users', count.format(stats.totalUsers)],
    ["Today's Orders", count.format(stats.todayOrders)],
    ['Total Volume (INR)', formatInr(stats.totalVolume)],
  ];
  return (
    <dl className="stat-cards" aria-label="Statistics">
      {cards.map(([label, value]) => (
        <div key={label} className="card stat-card">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
