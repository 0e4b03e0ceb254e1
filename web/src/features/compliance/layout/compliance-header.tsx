import { useState } from 'react';
import { useLocation } from 'react-router';
import { useLogOut } from '../../../lib/session';
import { Breadcrumb } from '../../../components/breadcrumb';
import { ChangePasswordDialog } from '../../../components/change-password-dialog';
import { MenuToggle } from '../../../components/menu-toggle';
import { complianceBreadcrumb } from './compliance-breadcrumb';

interface ComplianceHeaderProps {
  navId: string;
  navOpen: boolean;
  onToggleNav: () => void;
  /** Which brands the officer reads: every brand (the operator's tenant) or their own. */
  scope: string;
}

export function ComplianceHeader({ navId, navOpen, onToggleNav, scope }: ComplianceHeaderProps) {
  const { pathname } = useLocation();
  const logOut = useLogOut();
  const [changing, setChanging] = useState(false);
  return (
    <header className="top-bar compliance-header">
      <MenuToggle navId={navId} navOpen={navOpen} onToggle={onToggleNav} />
      <Breadcrumb crumbs={complianceBreadcrumb(pathname)} />
      <div className="top-bar-end compliance-header-actions">
        <span className="badge">{scope}</span>
        <span className="badge read-only">Read only</span>
        <button type="button" className="btn secondary small" onClick={() => setChanging(true)}>
          Change Password
        </button>
        <button type="button" className="btn small" onClick={logOut}>
          Logout
        </button>
      </div>
      {changing && <ChangePasswordDialog onClose={() => setChanging(false)} />}
    </header>
  );
}
