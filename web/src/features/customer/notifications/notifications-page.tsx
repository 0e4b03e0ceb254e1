import { Link } from 'react-router';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSay, useT } from '../../../i18n/use-t';
import { formatDateTime } from '../../../lib/format-date-time';
import { useToast } from '../../../components/toasts';
import { notificationKeys, notificationsApi } from './notifications-api';
import { notificationText } from './notification-text';
import './notifications.css';

/**
 * "Notifications" in the customer's account: whether the optional SMS are sent (payment received,
 * order expired; a completed or rejected order is always texted), and every notification, older ones
 * a page at a time.
 */
export function NotificationsPage() {
  const t = useT();
  return (
    <div className="notifications-page">
      <h1>{t('customer.notifySettings.title')}</h1>
      <SmsChoice />
      <section className="card" aria-labelledby="all-notifications">
        <h2 id="all-notifications">{t('customer.notifySettings.all')}</h2>
        <AllNotifications />
      </section>
    </div>
  );
}

function SmsChoice() {
  const t = useT();
  const toast = useToast();
  const client = useQueryClient();
  const { data } = useQuery({ queryKey: notificationKeys.preferences, queryFn: notificationsApi.preferences });
  const save = useMutation({
    mutationFn: notificationsApi.setPreferences,
    onSuccess: (saved) => {
      client.setQueryData(notificationKeys.preferences, saved);
      toast(t('customer.notifySettings.saved'));
    },
    onError: () => toast(t('customer.notifySettings.failed'), 'error'),
  });
  return (
    <section className="card" aria-labelledby="sms-choice">
      <h2 id="sms-choice">{t('customer.notifySettings.sms')}</h2>
      <p>{t('customer.notifySettings.intro')}</p>
      <label className="check">
        <input type="checkbox" checked={data?.optionalSms ?? true} disabled={!data || save.isPending} onChange={(event) => save.mutate(event.target.checked)} />
        {t('customer.notifySettings.optional')}
      </label>
      <p className="muted">{t('customer.notifySettings.bell')}</p>
    </section>
  );
}

function AllNotifications() {
  const t = useT();
  const say = useSay();
  const pages = useInfiniteQuery({
    queryKey: [...notificationKeys.list, 'all'],
    queryFn: ({ pageParam }) => notificationsApi.list(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const items = pages.data?.pages.flatMap((page) => page.items) ?? [];
  if (pages.isSuccess && items.length === 0) return <p className="muted">{t('customer.bell.none')}</p>;
  return (
    <>
      <ul className="updates">
        {items.map((n) => (
          <li key={n.id}>
            <Link to={`/dashboard/orders/${n.orderId}`}>{notificationText(n, t, say)}</Link>
            <time dateTime={n.createdAt}>{formatDateTime(n.createdAt)}</time>
          </li>
        ))}
      </ul>
      {pages.hasNextPage && (
        <button type="button" className="btn" disabled={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
          {t('customer.bell.more')}
        </button>
      )}
    </>
  );
}
