import { useState } from 'react';
import { formatInr } from '@desk/machines/pricing/pricing';
import { formatDateTime } from '../../../lib/format-date-time';
import { useMe } from '../../../lib/session';
import { Detail } from '../../../components/detail';
import { Field } from '../../../components/field';
import { ErrorAlert } from '../../../components/error-alert';
import { ShortValue } from '../../../components/short-value';
import { adminApi, type AdminOrder } from '../admin-api';
import { useOrderCommand } from '../orders/use-order-command';
import { InfoCard } from './info-card';
import { CompletionRequestReasons } from './completion-request-reasons';

type Request = NonNullable<AdminOrder['completionRequest']>;

const who = (request: Request) => request.requestedBy.username ?? request.requestedBy.phone ?? 'another admin';

/**
 * Four eyes: a completion that needs a second admin (machines/src/order/four-eyes.ts) waits here,
 * the one card for it on the order's page. The admin who asked reads what they asked, who must
 * confirm it, and may withdraw it; any other admin reads who asked and why, and confirms or
 * declines. While it waits nothing else competes with it (pending-request.ts: the server refuses
 * Approve, Mark Crypto Sent and Reject, and the page does not offer them), and the card says so.
 */
export function CompletionRequestCard({ order, request }: { order: AdminOrder; request: Request }) {
  const me = useMe().data;
  const mine = me?._id === request.requestedBy._id;
  const ids = { id: order._id, requestId: request.requestId };
  // Why it was declined or withdrawn, kept with the request in the order's history (at most 500 characters, as the server keeps).
  const [note, setNote] = useState('');
  const confirm = useOrderCommand(
    () => adminApi.confirmCompletion(ids),
    (answer) => answer.message,
    'Failed to confirm the completion',
  );
  const decline = useOrderCommand(
    () => adminApi.declineCompletion({ ...ids, note: note.trim() || undefined }),
    (answer) => answer.message,
    mine ? 'Failed to withdraw the request' : 'Failed to decline the request',
  );
  const busy = confirm.isPending || decline.isPending;
  const buy = order.type === 'fiat_to_crypto';
  const reference = buy ? request.cryptoReference : request.bankUtr;
  // Asked before any payout: confirming approves sending it (four-eyes.ts); with a reference, it completes.
  const beforePayout = !reference;
  const what = beforePayout ? 'approve paying out' : request.mode === 'approve' ? 'approve' : 'complete';
  const asked = `${mine ? 'You' : who(request)} asked on ${formatDateTime(request.requestedAt)} to ${what} this order.`;

  return (
    <InfoCard title="Waiting for a second admin" className="completion-request">
      <p>{asked}</p>
      <CompletionRequestReasons request={request} />
      <h3 className="small-heading">{mine ? 'What you asked' : 'What was asked'}</h3>
      <dl className="details completion-terms">
        <Detail label={buy ? 'Crypto Transaction Reference' : 'UTR Reference'}>
          {reference ? <ShortValue value={reference} what={buy ? 'Transaction hash' : 'UTR'} /> : 'None yet: the payout is sent once approved'}
        </Detail>
        <Detail label="Rate">
          {formatInr(request.rate)} / USDT
          {request.repriced && ' (re-quoted)'}
        </Detail>
        <Detail label="Amount (INR)">{formatInr(request.fiatAmount)}</Detail>
        <Detail label="Amount (USDT)">{request.cryptoAmount}</Detail>
      </dl>
      <h3 className="small-heading">Who must confirm</h3>
      <p>
        {mine
          ? "A different admin: not you (nor another account on your phone), not the order's customer, and not the admin who made the customer's account."
          : beforePayout
            ? 'You may: the payout may be sent once you approve it. Decline if the terms or the evidence are not right.'
            : 'You may: the order completes on these terms when you confirm. Decline if the terms or the evidence are not right.'}
      </p>
      <p className="muted">
        {mine
          ? 'Until another admin answers, Approve, Mark Crypto Sent and Reject wait. To change the terms or reject the order, withdraw the request first.'
          : 'Until the request is answered, Approve, Mark Crypto Sent and Reject wait. To reject the order or settle it on other terms, decline the request first.'}
      </p>
      <Field label={mine ? 'Why you withdraw it (optional)' : 'Why you decline it (optional)'} hint="Kept in the order's history">
        <textarea value={note} rows={2} maxLength={500} onChange={(e) => setNote(e.target.value)} />
      </Field>
      <div className="row">
        {mine ? (
          <button type="button" className="btn secondary" disabled={busy} onClick={() => decline.mutate(undefined)}>
            {decline.isPending ? 'Processing...' : 'Withdraw request'}
          </button>
        ) : (
          <>
            <button type="button" className="btn" disabled={busy} onClick={() => confirm.mutate(undefined)}>
              {confirm.isPending ? 'Processing...' : beforePayout ? 'Approve payout' : 'Confirm completion'}
            </button>
            <button type="button" className="btn secondary" disabled={busy} onClick={() => decline.mutate(undefined)}>
              {decline.isPending ? 'Processing...' : 'Decline'}
            </button>
          </>
        )}
      </div>
      <ErrorAlert>{confirm.failure ?? decline.failure}</ErrorAlert>
    </InfoCard>
  );
}
