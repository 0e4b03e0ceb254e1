/**
 * An uploaded statement file read into a ParsedStatement (docs/reconciliation.md): its format told
 * from its content, a CSV or XLSX read with the mapping the admin sent, else the one saved for the
 * account, else the first preset that reads it whole. Whatever cannot be read is a 400 on `file`
 * naming its line; nothing here is stored.
 */
import { ValidationError } from '@desk/platform/errors/domain-error';
import { StatementProblem, type ParsedStatement } from '@desk/machines/reconciliation/statement';
import { readCamt053 } from './statements/camt053';
import { readMt940 } from './statements/mt940';
import { readCsvStatement } from './statements/csv';
import { readXlsxStatement } from './statements/xlsx';
import { statementFormatOf } from './statements/detect-format';
import { COLUMN_PRESETS } from './statements/column-presets';
import { columnMappingSchema, type ColumnMapping } from './statements/column-mapping';
import { MAX_STATEMENT_BYTES } from './statements/statement-limits';

export interface StatementUpload {
  fileName: string;
  bytes: Uint8Array;
  /** The mapping the admin sent with the file (unparsed JSON), for a CSV or XLSX; null when none. */
  mapping: unknown;
}

export interface ReadStatement {
  statement: ParsedStatement;
  /** The mapping a CSV or XLSX was read with (to save for the account); null for camt.053 and MT940. */
  mapping: ColumnMapping | null;
}

export const NOT_A_STATEMENT = 'This file is not a statement the desk reads: upload camt.053 (XML), MT940, CSV or XLSX';
export const NO_LAYOUT_FITS = 'None of the saved layouts reads this file: choose the columns (the date, the amounts, the narration) and upload it again';
const TOO_LARGE = `A statement file is at most ${MAX_STATEMENT_BYTES / 1_000_000} MB: download a shorter period`;

/** The reader's problem, naming its line once: the tabular readers already say "Line 5: …". */
const refusal = (problem: StatementProblem) =>
  ValidationError.of(
    'file',
    problem.line && !problem.message.startsWith(`Line ${problem.line}`) ? `Line ${problem.line}: ${problem.message}` : problem.message,
  );

/** The text of a file that should be text: UTF-8, a byte-order mark dropped by the readers. */
const textOf = (bytes: Uint8Array) => new TextDecoder('utf-8').decode(bytes);

/** The mapping the admin sent (JSON text in the form), checked field by field: 400 naming `mapping.<field>`. */
function mappingOf(input: unknown): ColumnMapping {
  let value: unknown = input;
  if (typeof input === 'string') {
    try {
      value = JSON.parse(input);
    } catch {
      throw ValidationError.of('mapping', 'The column mapping is not readable JSON');
    }
  }
  const parsed = columnMappingSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new ValidationError(parsed.error.issues.map((issue) => ({ path: ['mapping', ...issue.path.map(String)].join('.'), message: issue.message })));
}

async function readTabular(
  read: (mapping: ColumnMapping) => ParsedStatement | Promise<ParsedStatement>,
  sent: ColumnMapping | null,
  saved: ColumnMapping | null,
) {
  const given = sent ?? saved;
  if (given) return { statement: await read(given), mapping: given };
  // No mapping: the first preset that reads the whole file. A preset reads a file only when its
  // headers are there and every line's date and amount read, so a wrong one refuses, never misreads.
  for (const preset of COLUMN_PRESETS) {
    try {
      return { statement: await read(preset.mapping), mapping: preset.mapping };
    } catch (error) {
      if (!(error instanceof StatementProblem)) throw error;
    }
  }
  throw ValidationError.of('mapping', NO_LAYOUT_FITS);
}

/** Reads an upload; `saved` is the account's saved mapping (already parsed), or null. */
export async function readStatementFile(upload: StatementUpload, saved: ColumnMapping | null): Promise<ReadStatement> {
  if (upload.bytes.byteLength === 0) throw ValidationError.of('file', 'Choose a statement file to upload');
  if (upload.bytes.byteLength > MAX_STATEMENT_BYTES) throw ValidationError.of('file', TOO_LARGE);
  const sent = upload.mapping === null || upload.mapping === undefined || upload.mapping === '' ? null : mappingOf(upload.mapping);
  try {
    switch (statementFormatOf(upload.fileName, upload.bytes)) {
      case 'camt053':
        return { statement: readCamt053(textOf(upload.bytes)), mapping: null };
      case 'mt940':
        return { statement: readMt940(textOf(upload.bytes)), mapping: null };
      case 'csv':
        return await readTabular((mapping) => readCsvStatement(textOf(upload.bytes), mapping), sent, saved);
      case 'xlsx':
        return await readTabular((mapping) => readXlsxStatement(upload.bytes, mapping), sent, saved);
      default:
        throw ValidationError.of('file', NOT_A_STATEMENT);
    }
  } catch (error) {
    if (error instanceof StatementProblem) throw refusal(error);
    throw error;
  }
}

/** A saved mapping as the stream keeps it, read back with the readers' schema (null when none or no longer valid). */
export function savedMapping(recorded: Record<string, unknown> | null): ColumnMapping | null {
  if (!recorded) return null;
  const parsed = columnMappingSchema.safeParse(recorded);
  return parsed.success ? parsed.data : null;
}
