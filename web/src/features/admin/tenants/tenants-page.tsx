export function TenantsPage() {
  return <h1>Tenant Management</h1>;
}
