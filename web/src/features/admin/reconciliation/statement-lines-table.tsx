import { formatInr } from '@desk/machines/pricing/pricing';
import { DataTable } from '../../../components/data-table';
import { formatDay } from './reconciliation-format';
import type { StatementLine } from './reconciliation-api';
import { LineOutcome } from './line-outcome';

/** The payment's reference as the narration gives it (UPI 412345678901), else the bank's own reference; under it, who paid or was paid. */
export function LineReference({ line }: { line: Pick<StatementLine, 'direction' | 'reading' | 'bankReference'> }) {
  const { channel, reference, payerName } = line.reading;
  const shown = reference ? (
    <>{channel ? `${channel} ${reference}` : reference}</>
  ) : line.bankReference ? (
    <span title="The bank's reference: the narration gives no UTR or RRN">{line.bankReference}</span>
  ) : (
    <>{channel ?? '-'}</>
  );
  return (
    <>
      {shown}
      {payerName && <span className="line-note">{`${line.direction === 'credit' ? 'From' : 'To'} ${payerName}`}</span>}
    </>
  );
}

/** One row per statement line, as the bank wrote it and what its narration says, money in and out in their own columns, and the order it pays. */
export function StatementLinesTable({ lines, filtered = false }: { lines: readonly StatementLine[]; filtered?: boolean }) {
  return (
    <DataTable<StatementLine>
      className="admin-table statement-lines"
      label="Statement lines"
      rows={lines}
      rowKey={(line) => line.key}
      empty={<p className="admin-empty">{filtered ? 'No lines of this kind.' : 'No lines: upload a statement to see its lines here.'}</p>}
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
        { header: 'Reference', className: 'wrap reference', cell: (line) => <LineReference line={line} /> },
        { header: 'Money in', className: 'nowrap num', cell: (line) => (line.direction === 'credit' ? formatInr(line.amount) : '') },
        { header: 'Money out', className: 'nowrap num', cell: (line) => (line.direction === 'debit' ? formatInr(line.amount) : '') },
        { header: 'Balance', className: 'nowrap num', cell: (line) => (line.balanceAfter === null ? '-' : formatInr(line.balanceAfter)) },
        { header: 'Order', className: 'wrap outcome', cell: (line) => <LineOutcome line={line} /> },
      ]}
    />
  );
}
