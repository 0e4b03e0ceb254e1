import { Link } from 'react-router';

interface QuickActionsProps {
  pending: number;
  /** Settings and Tenants are the operator's; brand admins are not offered them. */
  operator: boolean;
  /** The brand the dashboard shows, so its pending orders open filtered the same way; '' for all. */
  tenantId: string;
}

export function QuickActions({ pending, operator, tenantId }: QuickActionsProps) {
  const pendingOrders = new URLSearchParams(tenantId ? { status: 'pending', tenantId } : { status: 'pending' });
  return (
    <nav className="card quick-actions" aria-labelledby="quick-actions-title">
      <h2 id="quick-actions-title">Quick Actions</h2>
      <div className="row">
        <Link className="btn" to={`/admin/orders?${pendingOrders}`}>
          Pending Orders ({pending})
        </Link>
        <Link className="btn secondary" to="/admin/users">
          Manage Users
        </Link>
        {operator && (
          <>
            <Link className="btn secondary" to="/admin/settings">
              Settings
            </Link>
            <Link className="btn secondary" to="/admin/tenants">
              Tenants
            </Link>
          </>
        )}
      </div>
    </nav>
  );
}
