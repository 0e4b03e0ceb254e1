import { useLocation } from 'react-router';
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
      <button type="button" className="icon-button menu-toggle" aria-controls={navId} aria-expanded={navOpen} aria-label="Toggle navigation" onClick={onToggleNav}>
        <span aria-hidden="true">☰</span>
      </button>
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <ol>
          <li>Home</li>
          <li aria-current="page">{breadcrumbLabel(pathname)}</li>
        </ol>
      </nav>
      <div className="top-bar-end">
        <NotificationBell userId={user._id} />
        <UserMenu phone={user.phone} name={user.username} />
      </div>
    </header>
  );
}
