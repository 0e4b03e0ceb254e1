/**
 * A CSV statement (Indian net banking's "delimited" download) read with `csv-parse`, then through
 * the account's column mapping (tabular-statement.ts). Handles a byte order mark, CRLF, quoted
 * commas and narrations spanning lines, trailing spaces, and files written with `;` or tabs.
 */
import { CsvError, parse } from 'csv-parse/sync';
import { StatementProblem, type ParsedStatement } from '@desk/machines/reconciliation/statement';
import type { ColumnMapping } from './column-mapping';
import { MAX_STATEMENT_BYTES, MAX_STATEMENT_ROWS } from './statement-limits';
import { readTabularStatement } from './tabular-statement';

const CANDIDATES = [',', ';', '\t'] as const;

/**
 * The delimiter the file's rows agree on: for each candidate, how many of the first lines hold the
 * same number of it (outside quotes), times that number. csv-parse's own `delimiter_auto` stops at the first quoted
 * field, which every bank's narration has, so the count is ours. A tie keeps the comma.
 */
export function detectDelimiter(text: string): string {
  const sample = text.split(/\r?\n/, 60).filter((line) => line.trim() !== '');
  let best: { delimiter: string; score: number } = { delimiter: ',', score: -1 };
  for (const delimiter of CANDIDATES) {
    const counts = new Map<number, number>();
    for (const line of sample) {
      const count = line.replace(/"[^"]*"/g, '').split(delimiter).length - 1;
      if (count > 0) counts.set(count, (counts.get(count) ?? 0) + 1);
    }
    // Rows agreeing on a count, weighted by it: the table's rows outvote the account details above.
    const score = Math.max(0, ...[...counts].map(([count, rows]) => count * rows));
    if (score > best.score) best = { delimiter, score };
  }
  return best.delimiter;
}

export function readCsvStatement(text: string, mapping: ColumnMapping): ParsedStatement {
  if (Buffer.byteLength(text) > MAX_STATEMENT_BYTES) {
    throw new StatementProblem(`The file is over ${MAX_STATEMENT_BYTES / 1_000_000} MB; a statement is read up to that size: download a shorter period`);
  }
  let records: { info: { lines: number }; record: string[] }[];
  try {
    // CR and CRLF become LF first: csv-parse counts a quoted CRLF as two lines.
    records = parse(text.replace(/\r\n?/g, '\n'), {
      bom: true,
      delimiter: detectDelimiter(text.replace(/^\uFEFF/, '')),
      info: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      trim: true,
      to: MAX_STATEMENT_ROWS + 1,
    }) as unknown as typeof records;
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines ?? null;
      throw new StatementProblem(`${line === null ? 'The file' : `Line ${line}`} is not valid CSV: ${error.message}`, line);
    }
    throw error;
  }
  // `info.lines` is the line a record ends on; one with a narration spanning lines starts earlier.
  const firstLine = (entry: (typeof records)[number]) => entry.info.lines - entry.record.reduce((sum, field) => sum + (field.match(/\n/g)?.length ?? 0), 0);
  return readTabularStatement(
    records.map((entry) => entry.record),
    mapping,
    'csv',
    { lineNumbers: records.map(firstLine) },
  );
}
