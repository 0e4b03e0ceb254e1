import { Link } from 'react-router';
import { formatInr } from '@desk/machines/pricing/pricing';
import { statusLabel } from '@desk/machines/order/order-state';
import { DataTable } from '../../../components/data-table';
import { formatDay } from './reconciliation-format';
import type { UnmatchedLine } from './reconciliation-api';

interface UnmatchedTableProps {
  lines: readonly UnmatchedLine[];
  brandNames: ReadonlyMap<string, string> | null;
  onAssign: (line: UnmatchedLine) => void;
  onRefund: (line: UnmatchedLine) => void;
}

const reference = (line: UnmatchedLine) => {
  const { channel, reference: ref } = line.reading;
  return ref ? (channel ? `${channel} ${ref}` : ref) : (line.bankReference ?? channel ?? '-');
};

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
        { header: 'Date', className: 'nowrap', cell: (line) => formatDay(line.bookedOn) },
        brandNames !== null && { header: 'Brand', className: 'nowrap', cell: (line) => brandNames.get(line.tenantId) ?? line.tenantId },
        { header: 'Account', className: 'nowrap', cell: (line) => <Link to={`/admin/reconciliation/${line.accountId}`}>{line.accountLabel}</Link> },
        { header: 'Money in', className: 'nowrap num', cell: (line) => (line.direction === 'credit' ? formatInr(line.amount) : '') },
        { header: 'Money out', className: 'nowrap num', cell: (line) => (line.direction === 'debit' ? formatInr(line.amount) : '') },
        { header: 'Reference', className: 'nowrap', cell: reference },
        { header: 'Payer or payee', className: 'wrap payer', cell: (line) => line.reading.payerName ?? '-' },
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
          className: 'nowrap',
          cell: (line) => (
            <div className="admin-actions">
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
