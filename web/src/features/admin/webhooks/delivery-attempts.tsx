import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ErrorAlert } from '../../../components/error-alert';
import { useToast } from '../../../components/toasts';
import { failureText } from '../../../lib/failure-text';
import { answerText, DELIVERY_STATE } from './webhook-words';
import { webhookKeys, webhooksApi } from './webhooks-api';
import { Detail } from '../../../components/detail';

/** One delivery: its id (the receiver's idempotency key), what it sent, every attempt, and Redeliver. */
export function DeliveryAttempts({ deliveryId, label }: { deliveryId: string; label: string }) {
  const client = useQueryClient();
  const toast = useToast();
  const detail = useQuery({ queryKey: webhookKeys.delivery(deliveryId), queryFn: () => webhooksApi.delivery(deliveryId), refetchInterval: 3_000 });
  const redeliver = useMutation({
    mutationFn: () => webhooksApi.redeliver(deliveryId),
    onSuccess: async () => {
      toast('Sending again');
      await client.invalidateQueries({ queryKey: ['admin', 'webhooks'] });
    },
  });
  const delivery = detail.data?.delivery;
  const attempts = detail.data?.attempts ?? [];

  return (
    <section className="card webhook-attempts" aria-labelledby="attempts-heading">
      <h2 id="attempts-heading">{label || 'Delivery'}: attempts</h2>
      {detail.isPending && <p className="muted">Loading attempts...</p>}
      <ErrorAlert>{detail.isError && failureText(detail.error, 'Failed to load the attempts')}</ErrorAlert>
      {delivery && (
        <>
          <dl className="admin-details">
            <div>
              <dt>Delivery id</dt>
              <dd className="admin-mono">{delivery.id}</dd>
            </div>
            <Detail label="State">{DELIVERY_STATE[delivery.state].label}</Detail>
            {delivery.nextAttemptAt && <Detail label="Next attempt">{new Date(delivery.nextAttemptAt).toLocaleString('en-IN')}</Detail>}
          </dl>
          <button type="button" className="btn" onClick={() => redeliver.mutate()} disabled={redeliver.isPending}>
            {redeliver.isPending ? 'Sending...' : 'Redeliver'}
          </button>
          <ErrorAlert>{redeliver.isError && failureText(redeliver.error, 'Failed to send it again')}</ErrorAlert>
          <ol className="webhook-attempt-list" reversed>
            {attempts.map((attempt) => (
              <li key={attempt.number}>
                <p>
                  <strong>{answerText(attempt)}</strong> · {new Date(attempt.attemptedAt).toLocaleString('en-IN')} · {attempt.durationMs} ms
                  {attempt.manual && ' · sent again by an admin'}
                </p>
                {attempt.responseExcerpt && <pre className="webhook-excerpt">{attempt.responseExcerpt}</pre>}
              </li>
            ))}
          </ol>
          {attempts.length === 0 && <p className="muted">No attempt yet.</p>}
          <details>
            <summary>What was sent</summary>
            <pre className="webhook-excerpt">{delivery.body}</pre>
          </details>
        </>
      )}
    </section>
  );
}
