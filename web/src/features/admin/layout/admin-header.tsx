import { Link, useLocation } from 'react-router';
import { StaffHeader } from '../../../components/staff-header';
import { adminBreadcrumb } from './admin-breadcrumb';

interface AdminHeaderProps {
  navId: string;
  navOpen: boolean;
  onToggleNav: () => void;
  /** Which brands the admin runs: every brand (operator admins) or their own, by name. */
  scope: string;
}

export function AdminHeader({ scope, ...nav }: AdminHeaderProps) {
  const { pathname } = useLocation();
  return (
    <StaffHeader {...nav} crumbs={adminBreadcrumb(pathname)}>
      <span className="badge admin-scope">{scope}</span>
      <Link className="btn secondary small" to="/">
        User Dashboard
      </Link>
    </StaffHeader>
  );
}
