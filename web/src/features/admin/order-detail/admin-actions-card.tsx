import { useState } from 'react';
import { isBuyOrder } from '../../../lib/order-format';
import { Field } from '../../../components/field';
import { ErrorAlert } from '../../../components/error-alert';
import { adminApi, type AdminOrder, type Completion } from '../admin-api';
import type { OrderAction } from '../orders/admin-order-actions';
import { RejectOrderDialog } from '../orders/reject-order-dialog';
import { useOrderCommand } from '../orders/use-order-command';
import { InfoCard } from './info-card';
import { formatDateTime } from '../../../lib/format-date-time';

interface AdminActionsCardProps {
  order: AdminOrder;
  /** What the order machine allows an admin now, less what a pending request holds; the card shows only those buttons. */
  actions: readonly OrderAction[];
}

/**
 * Approve needs the reference matching the order (the USDT transaction of a buy, the payout UTR of a
 * sell); the server says so when it is missing, so the button is not held back here. When four eyes
 * asks for it (`payoutAwaitsApproval`), the payout is approved by a second admin before it is sent:
 * the card then asks for that approval, with no reference (the money has not left), and shows the
 * approval once given.
 */
export function AdminActionsCard({ order, actions }: AdminActionsCardProps) {
  const buy = isBuyOrder(order);
  const awaitsApproval = order.payoutAwaitsApproval === true;
  const [reference, setReference] = useState((buy ? order.cryptoReference : order.bankUtr) ?? '');
  const [rate, setRate] = useState('');
  const [rejecting, setRejecting] = useState(false);
  // Above the four-eyes threshold the server records a request instead, and says so.
  const approve = useOrderCommand(
    (json: Completion) => adminApi.approve(order._id, json),
    (answer) => answer.message,
    'Failed to approve order',
  );
  const verify = useOrderCommand(adminApi.verify, 'Order verified', 'Verification failed');
  const cryptoSent = useOrderCommand((ref: string) => adminApi.markCryptoSent(order._id, ref), 'Order updated successfully!', 'Failed to update order');
  const commands = [approve, verify, cryptoSent];
  const busy = commands.some((c) => c.isPending);
  const failure = commands.map((c) => c.failure).find(Boolean);
  /** A button's click: the command, sent what `arg` gives at that moment (the reference as typed). */
  const run =
    <Arg,>(command: { mutate: (arg: Arg) => void }, arg: () => Arg) =>
    () => {
      // Only the latest attempt's failure is shown: starting a command forgets the others'.
      for (const c of commands) c.reset();
      command.mutate(arg());
    };

  const completion = (): Completion => {
    const json: Completion = buy ? { cryptoReference: reference.trim() } : { bankUtr: reference.trim() };
    if (rate.trim()) json.rate = rate.trim();
    return json;
  };

  const askApproval = (): Completion => (rate.trim() ? { rate: rate.trim() } : {});

  // A completion request waits (the card above): it holds the settling actions (pending-request.ts);
  // only the evidence a second admin reads is still recorded here.
  if (order.completionRequest) {
    return (
      <InfoCard title="Admin Actions" className="order-admin-actions">
        <p className="muted">The completion request above holds Approve, Mark Crypto Sent and Reject until it is answered.</p>
        <div className="row">
          {actions.includes('verify') && <CommandButton label="Verify" pending={verify.isPending} disabled={busy} onClick={run(verify, () => order._id)} />}
        </div>
        <ErrorAlert>{failure}</ErrorAlert>
      </InfoCard>
    );
  }

  return (
    <InfoCard title="Admin Actions" className="order-admin-actions">
      {awaitsApproval ? (
        <p className="notice">
          This payout needs a second admin&apos;s approval before the {buy ? 'USDT' : 'INR'} is sent. Ask for it; once approved, send the payout and record its
          reference here.
        </p>
      ) : (
        <>
          {order.payoutApproval && <PayoutApprovalNote approval={order.payoutApproval} />}
          <Field label={buy ? 'Crypto Transaction Reference' : 'UTR Reference'}>
            <input value={reference} autoComplete="off" onChange={(e) => setReference(e.target.value)} />
          </Field>
        </>
      )}
      <Field label="Rate" hint={order.latePayment ? 'Paid late: enter the rate to complete at (a re-quote)' : "Leave empty to keep the order's rate"}>
        <input value={rate} inputMode="decimal" placeholder={order.rate} onChange={(e) => setRate(e.target.value)} />
      </Field>
      <div className="row">
        {actions.includes('verify') && <CommandButton label="Verify" pending={verify.isPending} disabled={busy} onClick={run(verify, () => order._id)} />}
        {/* Paid late, the USDT goes out only at a rate named since: a completion with its rate, or an approved payout. */}
        {actions.includes('markCryptoSent') && !awaitsApproval && (!order.latePayment || order.payoutApproval) && (
          <CommandButton label="Mark Crypto Sent" pending={cryptoSent.isPending} disabled={busy} onClick={run(cryptoSent, () => reference.trim())} />
        )}
        {actions.includes('complete') &&
          (awaitsApproval ? (
            <CommandButton
              primary
              label="Ask a second admin to approve the payout"
              pending={approve.isPending}
              disabled={busy}
              onClick={run(approve, askApproval)}
            />
          ) : (
            <CommandButton primary label="Approve Order" pending={approve.isPending} disabled={busy} onClick={run(approve, completion)} />
          ))}
        {actions.includes('reject') && (
          <button type="button" className="btn danger" disabled={busy} onClick={() => setRejecting(true)}>
            Reject Order
          </button>
        )}
      </div>
      <ErrorAlert>{failure}</ErrorAlert>
      {rejecting && <RejectOrderDialog order={order} onClose={() => setRejecting(false)} />}
    </InfoCard>
  );
}

/** A payout a second admin approved: on what terms, by whom and when; it may be sent now. */
function PayoutApprovalNote({ approval }: { approval: NonNullable<AdminOrder['payoutApproval']> }) {
  const by = approval.approvedBy.username ?? approval.approvedBy.phone ?? 'another admin';
  return (
    <p className="notice">
      Payout approved by {by} on {formatDateTime(approval.approvedAt)}
      {approval.repriced ? `, re-quoted at ${approval.rate}` : ''}: send it, then record its reference.
    </p>
  );
}

interface CommandButtonProps {
  label: string;
  /** This command runs: the button says so. */
  pending: boolean;
  /** Any of the card's commands runs: one at a time. */
  disabled: boolean;
  /** The card's main step (Approve); the others are secondary. */
  primary?: boolean;
  onClick: () => void;
}

function CommandButton({ label, pending, disabled, primary, onClick }: CommandButtonProps) {
  return (
    <button type="button" className={primary ? 'btn' : 'btn secondary'} disabled={disabled} onClick={onClick}>
      {pending ? 'Processing...' : label}
    </button>
  );
}
