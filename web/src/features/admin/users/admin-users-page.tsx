export function AdminUsersPage() {
  return <h1>User Management</h1>;
}
