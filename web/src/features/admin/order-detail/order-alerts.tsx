import { Link } from 'react-router';
import type { AdminOrder } from '../admin-api';

const FLAG_TEXT: Record<string, string> = {
  duplicate_reference: 'The same payment reference is on another order',
  duplicate_proof: 'The same proof picture is on another order',
};

/** How the evidence that matched reads: `utr:UTR1` → "UTR UTR1"; image hashes are not worth reading. */
function evidenceText(evidence: string): string {
  const [kind, ...rest] = evidence.split(':');
  const value = rest.join(':');
  if (kind === 'utr') return `UTR ${value}`;
  if (kind === 'crypto') return `transaction ${value}`;
  return kind === 'image-sha256' ? 'the same file' : 'the same picture';
}

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
              {FLAG_TEXT[flag.kind] ?? flag.kind} ({evidenceText(flag.evidence)}):{' '}
              <Link to={`/admin/orders/${flag.relatedOrderId}`}>{flag.relatedRefCode}</Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
