import { sql } from 'kysely';
import type { RecordedEvent } from '@desk/platform/eventstore/event-store';
import type { OrderCompleted, ProofSubmitted } from '@desk/machines/order/order.events';
import { presentText } from '@desk/machines/order/order-context';
import { referenceKeys } from '@desk/machines/reconciliation/reference-match';
import { isOrderEvent } from '../order-batches';
import { NO_WRITES, type Projection } from '../../runtime/projection';

interface Filed {
  key: string;
  orderId: string;
  tenantId: string;
  source: 'customer' | 'payout';
  reference: string;
  recordedAt: Date;
}

/** The references an order event brings: a proof's (the customer's UTR, or a sell's transaction), a completion's payout UTR. */
function referencesOf(event: RecordedEvent): { source: Filed['source']; reference: string }[] {
  if (event.type === 'ProofSubmitted') {
    const reference = presentText((event.data as ProofSubmitted['data']).reference);
    return reference ? [{ source: 'customer', reference }] : [];
  }
  if (event.type === 'OrderCompleted') {
    const reference = presentText((event.data as OrderCompleted['data']).bankUtr);
    return reference ? [{ source: 'payout', reference }] : [];
  }
  return [];
}

const bringsReference = (event: RecordedEvent) => (event.type === 'ProofSubmitted' || event.type === 'OrderCompleted') && isOrderEvent(event);

/**
 * Every payment reference an order was given, filed under its look-up keys (reference-match.ts), so
 * the statement matcher finds the orders a line's UTR may pay without reading every order (decision
 * 0032). Every reference a customer typed is kept, not only the latest: one typed wrong, then right,
 * still finds its line. A new read model builds itself from the whole log on its first start.
 */
export const paymentReferencesProjection: Projection = {
  name: 'payment-references',
  tables: ['rm_payment_references'],
  handles: bringsReference,
  async writes(_read, events) {
    const filed: Filed[] = events.filter(bringsReference).flatMap((event) =>
      referencesOf(event).flatMap(({ source, reference }) =>
        referenceKeys(reference).map((key) => ({
          key,
          orderId: event.streamId.slice('order-'.length),
          tenantId: event.metadata.tenantId,
          source,
          reference,
          recordedAt: event.recordedAt,
        })),
      ),
    );
    // One row per key, order and source: a batch may file the same reference twice (two proofs with
    // it). The first is kept, as `on conflict do nothing` keeps it across batches, so a rebuild (one
    // batch) files what the projector (many) did.
    const first = new Map<string, Filed>();
    for (const row of filed) if (!first.has(`${row.key}/${row.orderId}/${row.source}`)) first.set(`${row.key}/${row.orderId}/${row.source}`, row);
    const rows = [...first.values()];
    if (rows.length === 0) return NO_WRITES;
    const col = <T>(pick: (row: Filed) => T) => rows.map(pick);
    const insert = sql`
      insert into rm_payment_references (key, order_id, tenant_id, source, reference, recorded_at)
      select * from unnest(${col((r) => r.key)}::text[], ${col((r) => r.orderId)}::uuid[], ${col((r) => r.tenantId)}::text[],
        ${col((r) => r.source)}::text[], ${col((r) => r.reference)}::text[], ${col((r) => r.recordedAt)}::timestamptz[])
      on conflict (key, order_id, source) do nothing`;
    return { writes: [{ name: 'payment_references', table: 'rm_payment_references', sql: insert }] };
  },
};
