import { Link } from 'react-router';
import { useBrand } from '../../../lib/public-config';

/** An address no page matches, in the brand's colours and name like every other page of its host. */
export function NotFoundPage() {
  useBrand();
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
