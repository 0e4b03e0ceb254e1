/**
 * Checks an uploaded XLSX before read-excel-file opens it. An XLSX is a zip, and read-excel-file
 * allocates each part at the size its header declares and inflates it whole with no limit, so a
 * few kilobytes (a zip bomb) could ask the server for gigabytes. Here every part is inflated with
 * Node's zlib under a cap on its real output (never trusting the declared sizes), the parts must
 * lie end to end exactly as the zip's index lists them (so a streaming reader finds no part this
 * check did not see), and each sheet's rows are counted, all before the file is read.
 *
 * Node's zlib rather than a zip library: the services declare none, and `maxOutputLength` is the one
 * control that matters here; the zip's own layout (APPNOTE.TXT 4.3) is read only as far as needed.
 */
import { inflateRawSync } from 'node:zlib';
import { StatementProblem } from '@desk/machines/reconciliation/statement';
import { MAX_STATEMENT_BYTES, MAX_STATEMENT_COLUMNS, MAX_STATEMENT_ROWS } from './statement-limits';

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const DATA_DESCRIPTOR = 0x08074b50;
const MAX_PARTS = 1_000;
const megabytes = `${MAX_STATEMENT_BYTES / 1_000_000} MB`;

interface Part {
  name: string;
  flags: number;
  method: number;
  compressedSize: number;
  size: number;
  offset: number;
}

const refuse = (reason: string): never => {
  throw new StatementProblem(reason);
};
const damaged = () => refuse('The file is not a readable XLSX (its zip structure is damaged or unusual): save it again from Excel and upload that');

function endOfDirectory(bytes: Buffer): number {
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at -= 1) {
    if (bytes.readUInt32LE(at) === END_OF_DIRECTORY) return at;
  }
  return refuse('The file is not an XLSX workbook: save the statement as .xlsx (not .xls or .csv renamed) and upload that');
}

function partsOf(bytes: Buffer): { parts: Part[]; directoryOffset: number } {
  const end = endOfDirectory(bytes);
  const count = bytes.readUInt16LE(end + 10);
  const directoryOffset = bytes.readUInt32LE(end + 16);
  if (count > MAX_PARTS) refuse(`The file holds ${count} parts; a statement workbook holds a few dozen`);
  const parts: Part[] = [];
  let at = directoryOffset;
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > end || bytes.readUInt32LE(at) !== DIRECTORY_ENTRY) damaged();
    const nameLength = bytes.readUInt16LE(at + 28);
    const part: Part = {
      flags: bytes.readUInt16LE(at + 8),
      method: bytes.readUInt16LE(at + 10),
      compressedSize: bytes.readUInt32LE(at + 20),
      size: bytes.readUInt32LE(at + 24),
      offset: bytes.readUInt32LE(at + 42),
      name: bytes.toString('utf8', at + 46, at + 46 + nameLength),
    };
    // Zip64 (sizes past 4 GB) has no place in a statement.
    if ([part.compressedSize, part.size, part.offset].includes(0xffffffff)) damaged();
    parts.push(part);
    at += 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return { parts: parts.sort((a, b) => a.offset - b.offset), directoryOffset };
}

function inflate(bytes: Buffer, part: Part, dataStart: number, budget: number): Buffer {
  const data = bytes.subarray(dataStart, dataStart + part.compressedSize);
  if (data.length !== part.compressedSize) damaged();
  if (part.method === 0) return data;
  if (part.method !== 8) damaged();
  try {
    const { buffer, engine } = inflateRawSync(data, { info: true, maxOutputLength: Math.max(1, budget) }) as unknown as {
      buffer: Buffer;
      engine: { bytesWritten: number };
    };
    // The compressed stream must fill its part exactly: bytes after it could hide another part.
    if (engine.bytesWritten !== part.compressedSize) damaged();
    return buffer;
  } catch (error) {
    if (error instanceof StatementProblem) throw error;
    if (error instanceof RangeError) refuse(`The file unpacks to more than ${megabytes}; a statement is read up to that size: download a shorter period`);
    return damaged();
  }
}

/** A cell reference's column as a number (A is 1, XFD is 16384). */
const columnNumber = (letters: string) => [...letters].reduce((n, letter) => n * 26 + letter.charCodeAt(0) - 64, 0);

/**
 * Refuses a sheet that reaches past a statement's rows or columns, by the rows it holds and by every
 * address it names (its `dimension`, each row's and cell's `r`): read-excel-file builds the grid up
 * to the farthest cell, so one cell at XFD12000 in a 2 KB file held the server for over a minute
 * (a security review, issue 28).
 */
function guardSheetExtent(xml: string): void {
  const rows = xml.match(/<(\w+:)?row[\s>/]/g)?.length ?? 0;
  let farthestRow = rows;
  let farthestColumn = 0;
  for (const [, letters, digits] of xml.matchAll(/\br="([A-Z]{0,3})(\d{1,9})"/g)) {
    farthestRow = Math.max(farthestRow, Number(digits));
    if (letters) farthestColumn = Math.max(farthestColumn, columnNumber(letters));
  }
  for (const [, , toLetters, toDigits] of xml.matchAll(/<(\w+:)?dimension\s+ref="[A-Z]{1,3}\d{1,9}(?::([A-Z]{1,3})(\d{1,9}))?"/g)) {
    if (toLetters) farthestColumn = Math.max(farthestColumn, columnNumber(toLetters));
    if (toDigits) farthestRow = Math.max(farthestRow, Number(toDigits));
  }
  if (farthestRow > MAX_STATEMENT_ROWS) {
    refuse(`A sheet in the file reaches row ${farthestRow}; a statement is read up to ${MAX_STATEMENT_ROWS} rows: download a shorter period`);
  }
  if (farthestColumn > MAX_STATEMENT_COLUMNS) {
    refuse(
      `A sheet in the file reaches column ${farthestColumn}; a statement has at most ${MAX_STATEMENT_COLUMNS}: save only the statement's columns and upload that`,
    );
  }
}

/** Refuses a workbook over the size or row limits, or one whose parts are not what its index lists. */
export function guardXlsxSize(bytes: Buffer): void {
  if (bytes.length > MAX_STATEMENT_BYTES) refuse(`The file is over ${megabytes}; a statement is read up to that size: download a shorter period`);
  const { parts, directoryOffset } = partsOf(bytes);
  let expected = 0;
  let unpacked = 0;
  for (const part of parts) {
    if (part.offset !== expected || part.offset + 30 > bytes.length || bytes.readUInt32LE(part.offset) !== LOCAL_HEADER) damaged();
    const nameLength = bytes.readUInt16LE(part.offset + 26);
    if (bytes.toString('utf8', part.offset + 30, part.offset + 30 + nameLength) !== part.name) damaged();
    const dataStart = part.offset + 30 + nameLength + bytes.readUInt16LE(part.offset + 28);
    const content = inflate(bytes, part, dataStart, MAX_STATEMENT_BYTES - unpacked);
    if (content.length !== part.size) damaged();
    unpacked += content.length;
    if (unpacked > MAX_STATEMENT_BYTES) refuse(`The file unpacks to more than ${megabytes}; a statement is read up to that size: download a shorter period`);
    if (/^xl\/worksheets\/[^/]+\.xml$/.test(part.name)) guardSheetExtent(content.toString('latin1'));
    expected = dataStart + part.compressedSize;
    if ((part.flags & 0x8) !== 0) expected += expected + 4 <= bytes.length && bytes.readUInt32LE(expected) === DATA_DESCRIPTOR ? 16 : 12;
  }
  if (expected !== directoryOffset) damaged();
}
