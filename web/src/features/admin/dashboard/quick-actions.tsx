import { Link } from 'react-router';

export function QuickActions({ pending }: { pending: number }) {
  return (
    <nav className="card quick-actions" aria-labelledby="quick-actions-title">
      <h2 id="quick-actions-title">Quick Actions</h2>
      <div className="row">
        <Link className="btn" to="/admin/orders?status=pending">
          Pending Orders ({pending})
        </Link>
        <Link className="btn secondary" to="/admin/users">
          Manage Users
        </Link>
        <Link className="btn secondary" to="/admin/settings">
          Settings
        </Link>
        <Link className="btn secondary" to="/admin/tenants">
          Tenants
        </Link>
      </div>
    </nav>
  );
}
