import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { DataTable } from '../../../components/data-table';
import { ErrorAlert } from '../../../components/error-alert';
import { failureText } from '../../../lib/failure-text';
import { PageHead } from '../ui/page-head';
import { DeliveryAttempts } from './delivery-attempts';
import { DELIVERY_STATE } from './webhook-words';
import { webhookKeys, webhooksApi, type Delivery } from './webhooks-api';
import '../admin-forms.css';
import './webhooks.css';

const when = (iso: string) => new Date(iso).toLocaleString('en-IN');

/** One endpoint's delivery log, newest first: each delivery's state, its attempts, and Redeliver. */
export function DeliveryLogPage() {
  const { id = '' } = useParams();
  const endpoints = useQuery({ queryKey: webhookKeys.list, queryFn: () => webhooksApi.list() });
  const endpoint = endpoints.data?.items.find((e) => e.id === id);
  const labelOf = (type: string) => endpoints.data?.eventTypes.find((c) => c.type === type)?.label ?? type;
  const pages = useInfiniteQuery({
    queryKey: webhookKeys.deliveries(id),
    queryFn: ({ pageParam }) => webhooksApi.deliveries(id, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval: 5_000,
  });
  const [open, setOpen] = useState<string | null>(null);
  const rows = pages.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <div className="admin-page">
      <PageHead title="Delivery log" note={endpoint ? <span className="admin-mono">{endpoint.url}</span> : undefined}>
        <Link className="btn secondary" to="/admin/webhooks">
          All endpoints
        </Link>
      </PageHead>
      <section className="card" aria-labelledby="deliveries-heading">
        <h2 id="deliveries-heading">Deliveries</h2>
        {pages.isPending && <p className="muted">Loading deliveries...</p>}
        <ErrorAlert>{pages.isError && failureText(pages.error, 'Failed to load the deliveries')}</ErrorAlert>
        {pages.data && (
          <DataTable<Delivery>
            rows={rows}
            rowKey={(d) => d.id}
            label="Deliveries"
            className="admin-table"
            empty={<p className="admin-empty">Nothing sent yet. Events appear here as your orders change.</p>}
            columns={[
              { header: 'Event', cell: (d) => labelOf(d.eventType), rowHeader: true },
              { header: 'When', cell: (d) => when(d.createdAt) },
              { header: 'State', cell: (d) => <span className={`badge ${DELIVERY_STATE[d.state].badge}`}>{DELIVERY_STATE[d.state].label}</span> },
              { header: 'Attempts', cell: (d) => String(d.attempts) },
              { header: 'Last answer', cell: (d) => (d.lastStatus !== null ? String(d.lastStatus) : (d.lastError ?? '—')), className: 'wrap' },
              {
                header: 'Details',
                kind: 'actions',
                hiddenHeader: true,
                cell: (d) => (
                  <button type="button" className="btn secondary small" aria-expanded={open === d.id} onClick={() => setOpen(open === d.id ? null : d.id)}>
                    {open === d.id ? 'Hide attempts' : 'Attempts'}
                  </button>
                ),
              },
            ]}
          />
        )}
        {pages.hasNextPage && (
          <button type="button" className="btn secondary" onClick={() => pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
            {pages.isFetchingNextPage ? 'Loading...' : 'Older deliveries'}
          </button>
        )}
      </section>
      {open && <DeliveryAttempts deliveryId={open} label={labelOf(rows.find((d) => d.id === open)?.eventType ?? '')} />}
    </div>
  );
}
