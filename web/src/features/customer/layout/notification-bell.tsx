import { useId } from 'react';
import { Link } from 'react-router';
import { useSay, useT } from '../../../i18n/use-t';
import { formatDateTime } from '../../../lib/format-date-time';
import { usePopover } from '../ui/use-popover';
import { useMarkRead, useNotifications } from '../notifications/notifications-api';
import { notificationText } from '../notifications/notification-text';
import '../notifications/notifications.css';

/**
 * The customer's notifications from the server (decision 0040), newest first: refreshed when the
 * live stream says one of their orders changed, polled only while the stream is down. Opening one
 * marks it read; "Mark all as read" marks every one, on every device.
 */
export function NotificationBell() {
  const t = useT();
  const say = useSay();
  const { data } = useNotifications();
  const markRead = useMarkRead();
  const { open, setOpen, root } = usePopover<HTMLDivElement>();
  const panelId = useId();
  const items = data?.items ?? [];
  const unread = data?.unread ?? 0;
  const count = unread >= 100 ? '99+' : String(unread);

  return (
    <div className="popover-root" ref={root}>
      <button
        type="button"
        className="icon-button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t('customer.bell.label', { count })}
        onClick={() => setOpen(!open)}
      >
        <svg
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden="true"
          focusable="false"
        >
          <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
          <path d="M13.73 21a2 2 0 0 1-3.46 0" />
        </svg>
        {unread > 0 && (
          <span className="count" aria-hidden="true">
            {count}
          </span>
        )}
      </button>
      {open && (
        <section id={panelId} className="popover card notifications-panel" aria-label={t('customer.bell.panel')}>
          {items.length === 0 ? (
            <p className="muted">{t('customer.bell.none')}</p>
          ) : (
            <ul className="updates">
              {items.map((n) => (
                <li key={n.id} className={n.read ? 'read' : 'unread'}>
                  <Link
                    to={`/dashboard/orders/${n.orderId}`}
                    onClick={() => {
                      if (!n.read) markRead.mutate([n.id]);
                      setOpen(false);
                    }}
                  >
                    {!n.read && <span className="visually-hidden">{t('customer.bell.new')} </span>}
                    {notificationText(n, t, say)}
                  </Link>
                  <time dateTime={n.createdAt}>{formatDateTime(n.createdAt)}</time>
                </li>
              ))}
            </ul>
          )}
          <div className="notifications-actions">
            {unread > 0 && (
              <button type="button" className="btn link" onClick={() => markRead.mutate('all')}>
                {t('customer.bell.markAll')}
              </button>
            )}
            <Link to="/dashboard/notifications" onClick={() => setOpen(false)}>
              {t('customer.bell.settings')}
            </Link>
          </div>
        </section>
      )}
    </div>
  );
}
