import { useLocation } from 'react-router';
import { Breadcrumb } from '../../../components/breadcrumb';
import { MenuToggle } from '../../../components/menu-toggle';
import { breadcrumbLabel } from './breadcrumb';
import { NotificationBell } from './notification-bell';
import { UserMenu } from './user-menu';
import { useT } from '../../../i18n/use-t';
import { LanguageSwitch } from '../../../i18n/language-switch';
import { useSaveLanguage } from './language-preference';

interface TopBarProps {
  user: { _id: string; phone: string; username: string | null };
  navId: string;
  navOpen: boolean;
  onToggleNav: () => void;
}

export function TopBar({ user, navId, navOpen, onToggleNav }: TopBarProps) {
  const t = useT();
  const saveLanguage = useSaveLanguage();
  const { pathname } = useLocation();
  return (
    <header className="top-bar">
      <MenuToggle navId={navId} navOpen={navOpen} onToggle={onToggleNav} label={t('customer.menu.toggle')} />
      <Breadcrumb crumbs={[{ label: t('customer.layout.home') }, { label: t(breadcrumbLabel(pathname)) }]} />
      <div className="top-bar-end">
        <LanguageSwitch onChosen={saveLanguage} />
        <NotificationBell />
        <UserMenu phone={user.phone} name={user.username} />
      </div>
    </header>
  );
}
