import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '../../../lib/format-date-time';
import { Detail } from '../../../components/detail';
import { ErrorAlert } from '../../../components/error-alert';
import { adminApi, adminKeys, type HistoryEvent } from '../admin-api';
import { InfoCard } from './info-card';
import { requestersOf, summarizeEvent } from './history-summary';
import { browserName } from './browser-name';

const ROLE_LABELS: Record<string, string> = { customer: 'Customer', admin: 'Admin', system: 'System' };

const who = (actor: HistoryEvent['actor']) => [ROLE_LABELS[actor.role] ?? actor.role, actor.phone ?? actor.username].filter(Boolean).join(' · ');

/**
 * The client an event came from, as it reported itself: named in words, the recorded string behind
 * a disclosure (a keyboard and a phone open it; hovering shows it too) rather than printed on every line.
 */
function ReportedClient({ userAgent }: { userAgent: string | null }) {
  if (!userAgent) return <>-</>;
  return (
    <details className="history-client">
      <summary title={userAgent}>{browserName(userAgent) ?? 'Unknown client'}</summary>
      <code>{userAgent}</code>
    </details>
  );
}

/** The order's full record from its event stream: who did what, when, and from where. */
export function OrderHistory({ orderId }: { orderId: string }) {
  const history = useQuery({ queryKey: adminKeys.history(orderId), queryFn: () => adminApi.history(orderId) });
  const requesters = requestersOf(history.data ?? []);
  return (
    <InfoCard title="Order History">
      {history.isPending && <p className="muted">Loading history...</p>}
      <ErrorAlert>{history.isError && 'Failed to load order history'}</ErrorAlert>
      {history.data && (
        <ol className="history">
          {history.data.map((event) => {
            const { title, detail } = summarizeEvent(event, requesters);
            return (
              <li key={event.position}>
                <div className="row space-between">
                  <strong>{title}</strong>
                  <time dateTime={event.acceptedAt}>{formatDateTime(event.acceptedAt)}</time>
                </div>
                {detail && <p>{detail}</p>}
                <dl className="history-meta">
                  <Detail label="By">{who(event.actor)}</Detail>
                  <Detail label="IP">{event.ip ?? '-'}</Detail>
                  <Detail label="Browser (as reported)">
                    <ReportedClient userAgent={event.userAgent} />
                  </Detail>
                </dl>
              </li>
            );
          })}
        </ol>
      )}
    </InfoCard>
  );
}
