/**
 * Which reader a statement file needs, by what it holds rather than what it is called: banks name
 * their exports freely (an "XLS" that is really tab-separated text, a ".txt" MT940). The name only
 * breaks a tie: text with a stray MT940-looking tag that is not a whole MT940 statement is read as
 * MT940 only when it is also named like one.
 */
import { parse } from 'csv-parse/sync';
import type { StatementFormat } from '@desk/machines/reconciliation/statement';

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const CAMT053_ROOT = /<(?:[\w.-]+:)?BkToCstmrStmt[\s>]/;
const MT940_NAME = /\.(sta|mt940|940|swi)$/i;
/** The first bytes looked at: enough for any header, and a bound on the work for a huge upload. */
const SNIFF_BYTES = 64 * 1024;

function startsWith(bytes: Uint8Array, signature: readonly number[]): boolean {
  return signature.every((byte, index) => bytes[index] === byte);
}

/** How many of MT940's statement tags start a line: a whole statement has its :20: and balances or lines. */
function mt940Evidence(text: string): 'statement' | 'hint' | 'none' {
  const has = (tag: string) => new RegExp(`^:${tag}:`, 'm').test(text);
  if (has('20') && (has('25') || has('60[FM]') || has('61') || has('62[FM]'))) return 'statement';
  return has('20') || has('61') ? 'hint' : 'none';
}

/** Whether the text reads as delimited rows: at least one row with two or more fields. */
function parsesAsCsv(text: string): boolean {
  for (const delimiter of [',', ';', '\t', '|']) {
    try {
      const rows = parse(text, { delimiter, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, bom: true, to_line: 200 }) as string[][];
      if (rows.some((row) => row.length >= 2)) return true;
    } catch {
      // not this delimiter; try the next
    }
  }
  return false;
}

/** The file's format, or null when it is none the desk reads (an old binary .xls, a PDF, an HTML page, another XML). */
export function statementFormatOf(fileName: string, bytes: Uint8Array): StatementFormat | null {
  if (startsWith(bytes, ZIP)) return 'xlsx';
  const head = bytes.subarray(0, SNIFF_BYTES);
  if (head.includes(0)) return null; // binary: not a text format
  const decoded = new TextDecoder('utf-8').decode(head).replace(/^\uFEFF/, '');
  // A cut file ends mid-line (perhaps mid-quote): look at its whole lines only.
  const text = bytes.length > SNIFF_BYTES ? decoded.slice(0, decoded.lastIndexOf('\n') + 1) : decoded;
  const trimmed = text.trimStart();
  if (trimmed === '') return null;
  if (trimmed.startsWith('<')) return CAMT053_ROOT.test(text) ? 'camt053' : null;
  const mt940 = mt940Evidence(text);
  if (mt940 === 'statement' || (mt940 === 'hint' && MT940_NAME.test(fileName))) return 'mt940';
  if (/^\{1:/.test(trimmed) || /^%PDF/.test(trimmed)) return null;
  return parsesAsCsv(text) ? 'csv' : null;
}
