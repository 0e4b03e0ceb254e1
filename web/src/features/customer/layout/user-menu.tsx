import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useLogOut } from '../../../lib/session';
import { ChangePasswordDialog } from '../../../components/change-password-dialog';
import { usePopover } from '../ui/use-popover';
import { useT } from '../../../i18n/use-t';

export function UserMenu({ phone, name }: { phone: string; name: string | null }) {
  const t = useT();
  const { open, setOpen, root } = usePopover<HTMLDivElement>();
  const [changing, setChanging] = useState(false);
  const logOut = useLogOut();
  const menuId = useId();
  const initial = (name || phone.replace(/^\+/, '') || '?').charAt(0).toUpperCase();

  return (
    <div className="popover-root" ref={root}>
      <button type="button" className="user-button" aria-haspopup="menu" aria-expanded={open} aria-controls={menuId} onClick={() => setOpen(!open)}>
        <span className="avatar" aria-hidden="true">
          {initial}
        </span>
        <span className="phone">{phone}</span>
        <span className="visually-hidden">{t('customer.user.menu')}</span>
      </button>
      {open && (
        <div id={menuId} role="menu" className="popover card menu">
          <button
            type="button"
            role="menuitem"
            onClick={() => {
              setOpen(false);
              setChanging(true);
            }}
          >
            {t('customer.user.changePassword')}
          </button>
          <Link role="menuitem" to="/dashboard/notifications" onClick={() => setOpen(false)}>
            {t('customer.user.notifications')}
          </Link>
          <button type="button" role="menuitem" onClick={logOut}>
            {t('customer.user.logout')}
          </button>
        </div>
      )}
      {changing && <ChangePasswordDialog onClose={() => setChanging(false)} />}
    </div>
  );
}
