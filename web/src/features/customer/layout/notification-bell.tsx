import { useSay, useT } from '../../../i18n/use-t';
import { useId } from 'react';
import { Link } from 'react-router';
import { statusLabel } from '@desk/machines/order/order-state';
import { useOrders } from '../customer-queries';
import { usePopover } from '../ui/use-popover';
import { useStatusChanges } from './status-changes';

/** Admins move orders while the customer is away; the list is polled slowly to notice it. */
const BELL_REFRESH_MS = 30_000;

export function NotificationBell({ userId }: { userId: string }) {
  const t = useT();
  const say = useSay();
  const { data: orders } = useOrders({ refetchInterval: BELL_REFRESH_MS });
  const { changes, markSeen } = useStatusChanges(userId, orders);
  const { open, setOpen, root } = usePopover<HTMLDivElement>();
  const panelId = useId();
  const changed = (orderId: string) => (orders ?? []).filter((o) => o._id === orderId);

  return (
    <div className="popover-root" ref={root}>
      <button
        type="button"
        className="icon-button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t('customer.bell.label', { count: changes.length })}
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
        {changes.length > 0 && (
          <span className="count" aria-hidden="true">
            {changes.length}
          </span>
        )}
      </button>
      {open && (
        <section id={panelId} className="popover card" aria-label={t('customer.bell.panel')}>
          {changes.length === 0 ? (
            <p className="muted">{t('customer.bell.none')}</p>
          ) : (
            <>
              <ul className="updates">
                {changes.map((c) => (
                  <li key={c.orderId}>
                    <Link
                      to={`/dashboard/orders/${c.orderId}`}
                      onClick={() => {
                        markSeen(changed(c.orderId));
                        setOpen(false);
                      }}
                    >
                      {t('customer.bell.change', { ref: c.refCode, from: say(statusLabel(c.from)), to: say(statusLabel(c.to)) })}
                    </Link>
                  </li>
                ))}
              </ul>
              <button type="button" className="btn link" onClick={() => markSeen(orders ?? [])}>
                {t('customer.bell.markAll')}
              </button>
            </>
          )}
        </section>
      )}
    </div>
  );
}
