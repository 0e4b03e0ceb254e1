export function TenantEditPage() {
  return <h1>Edit Tenant</h1>;
}
