import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <main className="center-screen">
      <h1>Page not found</h1>
      <p className="muted">The address does not match any page.</p>
      <Link className="btn" to="/">
        Go to home
      </Link>
    </main>
  );
}
