import { Link } from 'react-router';
import { formatInr } from '@desk/machines/pricing/pricing';
import type { AdminOrder } from '../admin-api';

const FLAG_TEXT: Record<string, string> = {
  duplicate_reference: 'The same payment reference is on another order',
  duplicate_proof: 'The same proof picture is on another order',
  reference_matched_elsewhere: 'A bank statement shows this payment reference again, but that money already pays another order',
  payment_reversed: 'The bank reversed the credit that paid this order: the money went back',
  payout_mismatch: 'The chain does not show this payout as the order’s (another address, amount or token)',
  paid_to_other_brand: 'A statement of another brand’s account carries this order’s payment reference: the customer may have paid the wrong brand',
};

/** How the evidence that matched reads: `utr:UTR1` → "UTR UTR1"; image hashes are not worth reading. */
function evidenceText(evidence: string): string {
  const [kind, ...rest] = evidence.split(':');
  const value = rest.join(':');
  if (kind === 'utr') return `UTR ${value}`;
  if (kind === 'crypto') return `transaction ${value}`;
  if (kind === 'bank-line') return 'a bank statement line';
  if (kind === 'tx') return `transaction ${value.split(':')[0]}`;
  return kind === 'image-sha256' ? 'the same file' : 'the same picture';
}

/** A transaction also on another brand's order: the flag names no order a brand's admin may not read (review 9, N3). */
const anotherBrands = (flag: AdminOrder['flags'][number]) => flag.kind === 'duplicate_reference' && flag.evidence.startsWith('crypto:') && !flag.relatedOrderId;

type LimitFlag = NonNullable<AdminOrder['flags'][number]['limit']>;

/** A late payment that took its customer over a limit: the numbers, and what it means for completing. */
const overLimitText = (limit: LimitFlag) =>
  `Paid late, it takes the customer over their ${limit.window} limit of ${formatInr(limit.limitInr)}: their other orders held ${formatInr(limit.usedInr)} and this one is ${formatInr(limit.orderInr)}. Completing it needs a second admin.`;

/**
 * What the desk must see before acting: a payment that arrived after its window (re-quote or
 * refund, never complete as placed) and payment evidence shared with other orders (they inform,
 * they do not block), each linking to the other order.
 */
export function OrderAlerts({ order }: { order: AdminOrder }) {
  if (!order.latePayment && order.flags.length === 0) return null;
  return (
    <section className="card order-alerts" role="alert" aria-label="Order alerts">
      {order.latePayment && (
        <p>
          <strong>Paid after the payment window.</strong> Re-quote it (approve with the rate to complete at) or reject it so the payment is refunded.
        </p>
      )}
      {order.flags.length > 0 && (
        <ul>
          {order.flags.map((flag) => (
            <li key={`${flag.kind}/${flag.evidence}/${flag.relatedOrderId}`}>
              {flag.limit ? (
                overLimitText(flag.limit)
              ) : (
                <>
                  {FLAG_TEXT[flag.kind] ?? flag.kind} ({evidenceText(flag.evidence)})
                  {flag.relatedOrderId ? ': ' : anotherBrands(flag) ? ', of another brand.' : '.'}
                  {flag.relatedOrderId && <Link to={`/admin/orders/${flag.relatedOrderId}`}>{flag.relatedRefCode}</Link>}
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
