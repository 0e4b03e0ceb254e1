export function AdminDashboardPage() {
  return <h1>Dashboard</h1>;
}
