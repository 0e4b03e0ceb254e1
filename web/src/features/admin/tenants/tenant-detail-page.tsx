export function TenantDetailPage() {
  return <h1>Tenant</h1>;
}
