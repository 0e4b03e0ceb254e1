import { useState } from 'react';
import { statusLabel } from '@desk/machines/order/order-state';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorAlert } from '../../../components/error-alert';
import { adminApi, type BulkRejectAnswer } from '../admin-api';
import { useOrderCommand } from './use-order-command';
import { useRejectReason } from './reject-reason-fields';

interface BulkRejectProps {
  /** The selected orders: id and ref code, so results can name orders the way the table does. */
  selected: readonly { _id: string; refCode: string }[];
  onDone: () => void;
}

type Result = BulkRejectAnswer['results'][number];

// A refused order's result carries the server's error body; its type does not spell those fields out.
function whyNot(result: Result): string {
  const body = result as Record<string, unknown>;
  const error = typeof body.error === 'string' ? body.error : 'Failed to reject order';
  return typeof body.currentStatus === 'string' ? `${error} (status: ${statusLabel(body.currentStatus)})` : error;
}

/** Rejects every selected order; each succeeds or fails on its own, and the results say which. */
export function BulkReject({ selected, onDone }: BulkRejectProps) {
  const [confirming, setConfirming] = useState(false);
  const [outcome, setOutcome] = useState<{ answer: BulkRejectAnswer; refs: Map<string, string> } | null>(null);
  const reject = useOrderCommand(adminApi.bulkReject, null, 'Failed to reject order');
  const { reason, fields } = useRejectReason();
  const run = () => {
    // The selection is cleared afterwards; the names are kept for the results.
    const refs = new Map(selected.map((o) => [o._id, o.refCode]));
    reject.mutate(
      { ids: selected.map((o) => o._id), ...reason },
      {
        onSuccess: (answer) => {
          setOutcome({ answer, refs });
          onDone();
        },
        onSettled: () => setConfirming(false),
      },
    );
  };
  return (
    <>
      <button type="button" className="btn danger" disabled={selected.length === 0 || reject.isPending} onClick={() => setConfirming(true)}>
        {reject.isPending ? 'Processing...' : `Bulk Reject (${selected.length})`}
      </button>
      <ErrorAlert>{reject.failure}</ErrorAlert>
      {confirming && (
        <ConfirmDialog title="Bulk Reject" confirmLabel="Reject Orders" busy={reject.isPending} onCancel={() => setConfirming(false)} onConfirm={run}>
          <p>Are you sure you want to reject {selected.length} selected order(s)?</p>
          {fields}
        </ConfirmDialog>
      )}
      {outcome && (
        <section className="card bulk-results" aria-labelledby="bulk-results-title">
          <div className="row space-between">
            <h2 id="bulk-results-title">Bulk Reject Results</h2>
            <button type="button" className="btn link" onClick={() => setOutcome(null)}>
              Dismiss
            </button>
          </div>
          <p role="status">
            {outcome.answer.succeeded} rejected, {outcome.answer.failed} failed
          </p>
          <ul>
            {outcome.answer.results.map((r) => (
              <li key={r.id} className={r.ok ? 'ok' : 'failed'}>
                <strong>{outcome.refs.get(r.id) ?? r.id}</strong>: {r.ok ? 'Rejected' : `Failed: ${whyNot(r)}`}
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
