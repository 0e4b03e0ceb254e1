/**
 * The reconciliation bench's statement as HDFC Bank's net banking writes its "delimited" download
 * (the preset "Withdrawal/Deposit columns (dd/mm/yy)", services' fixture csv-hdfc-withdrawal-deposit.csv):
 * a byte order mark, CRLF, the account's details above the table, a row of asterisks under its
 * header, narrations quoted where they hold a comma, amounts in Indian digit grouping, the reference
 * column with RRNs padded to sixteen digits, and the statement summary below. One file per thirty
 * days: a month of 33,000 lines is about 4 MB, under the 5 MB the desk reads in one upload.
 */
import { MAX_STATEMENT_BYTES } from '../../services/src/reconciliation/statements/statement-limits';
import type { PlannedLine, World } from './reconciliation-world';

export const BENCH_ACCOUNT = {
  bankName: 'HDFC Bank',
  accountName: 'Zen Desk Trading Pvt Ltd',
  accountNumber: '50100012345678',
  ifsc: 'HDFC0001234',
  isActive: true,
} as const;

export interface StatementFile {
  fileName: string;
  bytes: Buffer;
  lines: number;
}

/** 12345678 paise as "1,23,456.78": the last three digits of the rupees, then pairs. */
export function indianAmount(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const rupees = String(Math.floor(Math.abs(paise) / 100));
  const fraction = String(Math.abs(paise) % 100).padStart(2, '0');
  const head = rupees.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',');
  return `${sign}${head ? `${head},` : ''}${rupees.slice(-3)}.${fraction}`;
}

const ddmmyy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(2, 4)}`;
const ddmmyyyy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const quoted = (field: string) => (/[",\n]/.test(field) ? `"${field.replaceAll('"', '""')}"` : field);

/** The narration as HDFC prints each kind (the layouts narration.ts reads). */
export function narrationOf(line: PlannedLine, vpaOf: (party: string) => string): string {
  const { channel, reference, party, remark } = line;
  if (channel === null) return remark;
  if (channel === 'UPI') return `UPI-${party}-${vpaOf(party!)}-${line.direction === 'credit' ? 'UTIB0001234' : 'HDFC0001234'}-${reference}-${remark}`;
  if (channel === 'IMPS') return `IMPS-${reference}-${party}-${line.direction === 'credit' ? 'UTIB' : 'SBIN'}-XXXXXXXX${reference!.slice(-4)}-${remark}`;
  return line.direction === 'credit' ? `NEFT CR-SBIN0004567-${party}-${remark}-${reference}` : `NEFT DR-SBIN0004567-${party}-${remark}-${reference}`;
}

/** The "Chq./Ref.No." column: HDFC pads an RRN to sixteen digits, prints a UTR as it is, and leaves charges empty. */
const referenceColumn = (line: PlannedLine) => (line.reference === null ? '' : /^\d{12}$/.test(line.reference) ? `0000${line.reference}` : line.reference);

export function statementFiles(world: World, firstDay: string): StatementFile[] {
  const dateOf = (day: number) => new Date(Date.parse(`${firstDay}T00:00:00Z`) + day * 86_400_000).toISOString().slice(0, 10);
  const vpas = new Map(world.customers.map((customer) => [customer.holder.toUpperCase(), customer.vpa]));
  const vpaOf = (party: string) => vpas.get(party) ?? 'payee@okhdfcbank';
  const files: StatementFile[] = [];
  let balance = 50_00_00_000_00; // Rs 50 crore: the desk's float, so no day goes overdrawn
  for (let from = 0; from < world.days; from += 30) {
    const lines = world.lines.filter((line) => line.day >= from && line.day < from + 30);
    if (lines.length === 0) continue;
    const opening = balance;
    let debits = 0;
    let credits = 0;
    const rows = lines.map((line) => {
      balance += line.direction === 'credit' ? line.paise : -line.paise;
      if (line.direction === 'credit') credits += line.paise;
      else debits += line.paise;
      const on = ddmmyy(dateOf(line.day));
      const amount = `"${indianAmount(line.paise)}"`;
      const [withdrawal, deposit] = line.direction === 'debit' ? [amount, ''] : ['', amount];
      return `${on},${quoted(narrationOf(line, vpaOf))},${referenceColumn(line)},${on},${withdrawal},${deposit},"${indianAmount(balance)}"`;
    });
    const [start, end] = [dateOf(from), dateOf(Math.min(from + 29, world.days - 1))];
    const debitCount = lines.filter((line) => line.direction === 'debit').length;
    const text = [
      'HDFC BANK Ltd.,,,,,,',
      `M/S. ${BENCH_ACCOUNT.accountName.toUpperCase()},,,,,,`,
      `Account No :,${BENCH_ACCOUNT.accountNumber}   ,,,,,`,
      'A/C Open Date :,01/01/2024,,,,,',
      `Statement From :,${ddmmyyyy(start)},To,${ddmmyyyy(end)},,,`,
      ',,,,,,',
      'Date     ,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance',
      '********,********,********,********,********,********,********',
      ...rows,
      ',,,,,,',
      'STATEMENT SUMMARY :-,,,,,,',
      'Opening Balance,Dr Count,Cr Count,Debits,Credits,Closing Bal,',
      `"${indianAmount(opening)}",${debitCount},${lines.length - debitCount},"${indianAmount(debits)}","${indianAmount(credits)}","${indianAmount(balance)}",`,
      `Generated On: ${ddmmyyyy(dateOf(world.days))} 10:12:33,,,,,,`,
      'This is a computer generated statement and does not require signature.,,,,,,',
      '',
    ].join('\r\n');
    const bytes = Buffer.from(`\uFEFF${text}`, 'utf8');
    if (bytes.byteLength > MAX_STATEMENT_BYTES)
      throw new Error(`The bench's statement for ${start} is ${bytes.byteLength} bytes, over the desk's upload limit`);
    files.push({ fileName: `Acct_Statement_XXXXXXXX5678_${start.replaceAll('-', '')}.csv`, bytes, lines: lines.length });
  }
  return files;
}
