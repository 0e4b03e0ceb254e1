import { Link } from 'react-router';

export function TenantNotFound() {
  return (
    <div className="admin-page">
      <div className="card admin-empty">
        <h1>Tenant not found</h1>
        <Link className="btn secondary" to="/admin/tenants">
          Back to Tenants
        </Link>
      </div>
    </div>
  );
}
