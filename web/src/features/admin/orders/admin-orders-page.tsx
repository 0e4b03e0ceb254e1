export function AdminOrdersPage() {
  return <h1>Orders Management</h1>;
}
