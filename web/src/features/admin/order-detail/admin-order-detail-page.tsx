export function AdminOrderDetailPage() {
  return <h1>Order</h1>;
}
