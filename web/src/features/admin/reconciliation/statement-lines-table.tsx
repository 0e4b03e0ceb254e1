import { formatInr } from '@desk/machines/pricing/pricing';
import { DataTable } from '../../../components/data-table';
import { formatDay } from './reconciliation-format';
import type { StatementLine } from './reconciliation-api';

/** The payment's reference as the narration gives it (UPI 412345678901), else the bank's own reference. */
function Reference({ line }: { line: StatementLine }) {
  const { channel, reference } = line.reading;
  if (reference) return <>{channel ? `${channel} ${reference}` : reference}</>;
  if (line.bankReference) return <span title="The bank's reference: the narration gives no UTR or RRN">{line.bankReference}</span>;
  return <>{channel ?? '-'}</>;
}

/** One row per statement line, as the bank wrote it and what its narration says: money in and out in their own columns. */
export function StatementLinesTable({ lines }: { lines: readonly StatementLine[] }) {
  return (
    <DataTable<StatementLine>
      className="admin-table statement-lines"
      label="Statement lines"
      rows={lines}
      rowKey={(line) => line.key}
      empty={<p className="admin-empty">No lines: upload a statement to see its lines here.</p>}
      columns={[
        {
          header: 'Date',
          className: 'nowrap',
          cell: (line) => (
            <>
              {formatDay(line.bookedOn)}
              {line.valueOn && line.valueOn !== line.bookedOn && <span className="line-note">Value {formatDay(line.valueOn)}</span>}
            </>
          ),
        },
        {
          header: 'Narration',
          className: 'wrap narration',
          cell: (line) => (
            <>
              {line.narration}
              {line.reading.reversal && <span className="badge line-reversal">Reversal</span>}
            </>
          ),
        },
        { header: 'Reference', className: 'nowrap', cell: (line) => <Reference line={line} /> },
        { header: 'Payer or payee', className: 'wrap payer', cell: (line) => line.reading.payerName ?? '-' },
        { header: 'Money in', className: 'nowrap num', cell: (line) => (line.direction === 'credit' ? formatInr(line.amount) : '') },
        { header: 'Money out', className: 'nowrap num', cell: (line) => (line.direction === 'debit' ? formatInr(line.amount) : '') },
        { header: 'Balance', className: 'nowrap num', cell: (line) => (line.balanceAfter === null ? '-' : formatInr(line.balanceAfter)) },
      ]}
    />
  );
}
