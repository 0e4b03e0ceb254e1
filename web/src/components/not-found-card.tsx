/** A record asked for by its address that the server says does not exist (404), e.g. "Order not found". */
export function NotFoundCard({ title }: { title: string }) {
  return (
    <div className="card empty">
      <h1>{title}</h1>
    </div>
  );
}
