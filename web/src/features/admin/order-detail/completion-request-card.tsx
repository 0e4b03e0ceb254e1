import { formatInr } from '@desk/machines/pricing/pricing';
import { formatDateTime } from '../../../lib/format-date-time';
import { useMe } from '../../../lib/session';
import { Detail } from '../../../components/detail';
import { ErrorAlert } from '../../../components/error-alert';
import { adminApi, type AdminOrder } from '../admin-api';
import { useOrderCommand } from '../orders/use-order-command';
import { InfoCard } from './info-card';
import { CompletionRequestReasons } from './completion-request-reasons';

type Request = NonNullable<AdminOrder['completionRequest']>;

const who = (request: Request) => request.requestedBy.username ?? request.requestedBy.phone ?? 'another admin';

/**
 * Four eyes: a completion that needs a second admin (machines/src/order/four-eyes.ts) waits here,
 * with why, the exact terms it would settle on and the evidence that arrived since. The requester
 * cannot confirm (the server refuses it too); they may withdraw it. What changes its terms (another
 * request, the crypto sent with another transaction, a rejection) ends it.
 */
export function CompletionRequestCard({ order, request }: { order: AdminOrder; request: Request }) {
  const me = useMe().data;
  const mine = me?._id === request.requestedBy._id;
  const ids = { id: order._id, requestId: request.requestId };
  const confirm = useOrderCommand(
    () => adminApi.confirmCompletion(ids),
    (answer) => answer.message,
    'Failed to confirm the completion',
  );
  const decline = useOrderCommand(
    () => adminApi.declineCompletion(ids),
    mine ? 'Request withdrawn' : 'Completion request declined',
    'Failed to decline the request',
  );
  const busy = confirm.isPending || decline.isPending;
  const reference = order.type === 'fiat_to_crypto' ? request.cryptoReference : request.bankUtr;
  // Asked before any payout: confirming approves sending it (four-eyes.ts); with a reference, it completes.
  const beforePayout = !reference;
  const what = beforePayout ? 'approve paying out' : request.mode === 'approve' ? 'approve' : 'complete';

  return (
    <InfoCard title="Waiting for a second admin" className="completion-request">
      <p>
        {mine ? 'You asked' : `${who(request)} asked`} to {what} this order on {formatDateTime(request.requestedAt)}:{' '}
        {mine ? 'a different admin must confirm it.' : beforePayout ? 'the payout may be sent once you approve it.' : 'it completes when you confirm it.'}
      </p>
      <CompletionRequestReasons request={request} />
      <dl className="details">
        <Detail label={order.type === 'fiat_to_crypto' ? 'Crypto Transaction Reference' : 'UTR Reference'}>{reference ?? '—'}</Detail>
        <Detail label="Rate">
          {request.rate}
          {request.repriced && ' (re-quoted)'}
        </Detail>
        <Detail label="Amount (INR)">{formatInr(request.fiatAmount)}</Detail>
        <Detail label="Amount (USDT)">{request.cryptoAmount}</Detail>
      </dl>
      <div className="row">
        {!mine && (
          <button type="button" className="btn" disabled={busy} onClick={() => confirm.mutate(undefined)}>
            {confirm.isPending ? 'Processing...' : beforePayout ? 'Approve payout' : 'Confirm completion'}
          </button>
        )}
        <button type="button" className="btn secondary" disabled={busy} onClick={() => decline.mutate(undefined)}>
          {decline.isPending ? 'Processing...' : mine ? 'Withdraw request' : 'Decline'}
        </button>
      </div>
      <ErrorAlert>{confirm.failure ?? decline.failure}</ErrorAlert>
    </InfoCard>
  );
}
