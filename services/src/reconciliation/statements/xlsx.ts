/**
 * An XLSX statement read with `read-excel-file`, then through the account's column mapping
 * (tabular-statement.ts). The file is checked for size first (xlsx-size-guard.ts). Numbers come
 * as the decimal text the file stores (`parseNumber`), never through a float; date cells come as
 * dates. The statement is the first sheet whose rows carry the mapping's headers (some banks put a
 * cover sheet first), or the first sheet when none does, so its problem names what is missing.
 */
import readXlsxFile, { InvalidInputError, InvalidSpreadsheetError } from 'read-excel-file/node';
import { Money } from '@desk/machines/pricing/decimal';
import { StatementProblem, type ParsedStatement } from '@desk/machines/reconciliation/statement';
import type { ColumnMapping } from './column-mapping';
import { locateHeader, type Cell, type Row } from './tabular-header';
import { readTabularStatement } from './tabular-statement';
import { guardXlsxSize } from './xlsx-size-guard';

/** A number cell as the file stores it ("1234.5", "2.5E-3"), kept apart from text cells. */
class StoredNumber {
  constructor(readonly text: string) {}
}

/** A stored number as plain decimal text: Excel holds 15 significant digits, past them is float noise. */
function decimalText(stored: StoredNumber): string {
  try {
    return new Money(stored.text).toSignificantDigits(15).toFixed();
  } catch {
    throw new StatementProblem(`The file stores "${stored.text}" as a number, which is not one`);
  }
}

function toCell(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (value instanceof StoredNumber) return decimalText(value);
  if (value instanceof Date || typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  return String(value);
}

export async function readXlsxStatement(bytes: Uint8Array, mapping: ColumnMapping): Promise<ParsedStatement> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  guardXlsxSize(buffer);
  let sheets: { sheet: string; data: unknown[][] }[];
  try {
    sheets = (await readXlsxFile(buffer, { parseNumber: (text: string) => new StoredNumber(text) })) as unknown as typeof sheets;
  } catch (error) {
    if (error instanceof InvalidInputError || error instanceof InvalidSpreadsheetError) {
      throw new StatementProblem(`The file is not a readable XLSX workbook (${error.message}): save it again as .xlsx and upload that`);
    }
    throw error;
  }
  const tables = sheets.map(({ data }) => data.map((row): Row => row.map(toCell)));
  const statement =
    tables.find((rows) => {
      try {
        locateHeader(rows, mapping, (index) => index + 1);
        return true;
      } catch (error) {
        if (error instanceof StatementProblem) return false;
        throw error;
      }
    }) ?? tables[0];
  if (statement === undefined) throw new StatementProblem('The workbook has no sheets');
  return readTabularStatement(statement, mapping, 'xlsx');
}
