import { formatInr } from '@desk/machines/pricing/pricing';
import { formatDay } from './reconciliation-format';

interface SummarisedLine {
  direction: 'credit' | 'debit';
  amount: string;
  bookedOn: string | null;
  accountLabel: string;
  reading: { channel: string | null; reference: string | null; payerName: string | null };
}

/** A statement line in a sentence, for a dialog that decides about it: "₹1,00,000 in on 1 Apr 2026, HDFC Bank ••••7766, UPI 612345678901, from Test Payer One". */
export function lineSummary(line: SummarisedLine): string {
  const parts = [`${formatInr(line.amount)} ${line.direction === 'credit' ? 'in' : 'out'} on ${formatDay(line.bookedOn)}`, line.accountLabel];
  const { channel, reference, payerName } = line.reading;
  if (reference) parts.push(channel ? `${channel} ${reference}` : reference);
  if (payerName) parts.push(`${line.direction === 'credit' ? 'from' : 'to'} ${payerName}`);
  return parts.join(', ');
}
