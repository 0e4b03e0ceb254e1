import { useLocation } from 'react-router';
import { StaffHeader } from '../../../components/staff-header';
import { complianceBreadcrumb } from './compliance-breadcrumb';

interface ComplianceHeaderProps {
  navId: string;
  navOpen: boolean;
  onToggleNav: () => void;
  /** Which brands the officer reads: every brand (the operator's tenant) or their own. */
  scope: string;
}

export function ComplianceHeader({ scope, ...nav }: ComplianceHeaderProps) {
  const { pathname } = useLocation();
  return (
    <StaffHeader {...nav} crumbs={complianceBreadcrumb(pathname)}>
      <span className="badge">{scope}</span>
      <span className="badge read-only">Read only</span>
    </StaffHeader>
  );
}
