import { useLocation } from 'react-router';
import { Breadcrumb } from '../../../components/breadcrumb';
import { MenuToggle } from '../../../components/menu-toggle';
import { breadcrumbLabel } from './breadcrumb';
import { NotificationBell } from './notification-bell';
import { UserMenu } from './user-menu';

interface TopBarProps {
  user: { _id: string; phone: string; username: string | null };
  navId: string;
  navOpen: boolean;
  onToggleNav: () => void;
}

export function TopBar({ user, navId, navOpen, onToggleNav }: TopBarProps) {
  const { pathname } = useLocation();
  return (
    <header className="top-bar">
      <MenuToggle navId={navId} navOpen={navOpen} onToggle={onToggleNav} />
      <Breadcrumb crumbs={[{ label: 'Home' }, { label: breadcrumbLabel(pathname) }]} />
      <div className="top-bar-end">
        <NotificationBell userId={user._id} />
        <UserMenu phone={user.phone} name={user.username} />
      </div>
    </header>
  );
}
