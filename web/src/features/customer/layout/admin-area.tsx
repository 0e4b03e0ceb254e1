import { Link, Navigate } from 'react-router';
import { isAdmin } from '../../../lib/session';
import { RequireUser } from './require-user';

/**
 * /admin/* until the admin area has routes of its own: customers are sent to their dashboard,
 * admins get a way back to the start page.
 */
export function AdminArea() {
  return (
    <RequireUser>
      {(user) =>
        isAdmin(user) ? (
          <main className="center-screen">
            <Link to="/">Back to home</Link>
          </main>
        ) : (
          <Navigate to="/dashboard" replace />
        )
      }
    </RequireUser>
  );
}
