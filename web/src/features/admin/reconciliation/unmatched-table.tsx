import { Link } from 'react-router';
import { formatInr } from '@desk/machines/pricing/pricing';
import { statusLabel } from '@desk/machines/order/order-state';
import { DataTable } from '../../../components/data-table';
import { formatDay } from './reconciliation-format';
import type { UnmatchedLine } from './reconciliation-api';
import { LineReference } from './statement-lines-table';

interface UnmatchedTableProps {
  lines: readonly UnmatchedLine[];
  brandNames: ReadonlyMap<string, string> | null;
  onAssign: (line: UnmatchedLine) => void;
  onRefund: (line: UnmatchedLine) => void;
}

/** The unmatched lines, latest first: what the bank says, the orders of that amount waiting for money, and the two decisions. */
export function UnmatchedTable({ lines, brandNames, onAssign, onRefund }: UnmatchedTableProps) {
  const describe = (line: UnmatchedLine) => `${formatInr(line.amount)} ${line.direction === 'credit' ? 'in' : 'out'} on ${formatDay(line.bookedOn)}`;
  return (
    <DataTable<UnmatchedLine>
      className="admin-table unmatched-table"
      label="Unmatched lines"
      rows={lines}
      rowKey={(line) => `${line.accountId}:${line.key}`}
      empty={<p className="admin-empty">Nothing waits: every statement line pays an order or is marked for refund.</p>}
      columns={[
        {
          header: 'Date',
          className: 'nowrap',
          cell: (line) => (
            <>
              {formatDay(line.bookedOn)}
              <Link className="line-note" to={`/admin/reconciliation/${line.accountId}`}>
                {line.accountLabel}
              </Link>
            </>
          ),
        },
        brandNames !== null && { header: 'Brand', className: 'nowrap', cell: (line) => brandNames.get(line.tenantId) ?? line.tenantId },
        {
          header: 'Amount',
          className: 'nowrap num',
          cell: (line) => (
            <>
              {formatInr(line.amount)}
              <span className="line-note">{line.direction === 'credit' ? 'Money in' : 'Money out'}</span>
            </>
          ),
        },
        { header: 'Reference', className: 'wrap reference', cell: (line) => <LineReference line={line} /> },
        { header: 'Narration', className: 'wrap narration', cell: (line) => line.narration },
        {
          header: 'Orders of this amount waiting',
          className: 'wrap candidates',
          cell: (line) =>
            line.candidates.length === 0 ? (
              <span className="muted">None</span>
            ) : (
              <ul className="candidate-list">
                {line.candidates.map((order) => (
                  <li key={order.orderId}>
                    <Link to={`/admin/orders/${order.orderId}`}>{order.refCode}</Link> <span className="muted">{statusLabel(order.status)}</span>
                  </li>
                ))}
              </ul>
            ),
        },
        {
          header: 'Actions',
          hiddenHeader: true,
          kind: 'actions',
          className: 'nowrap',
          cell: (line) => (
            <div className="queue-actions">
              <button type="button" className="btn small" aria-label={`Assign to order: ${describe(line)}`} onClick={() => onAssign(line)}>
                Assign to order
              </button>
              <button type="button" className="btn secondary small" aria-label={`Mark for refund: ${describe(line)}`} onClick={() => onRefund(line)}>
                Mark for refund
              </button>
            </div>
          ),
        },
      ]}
    />
  );
}
