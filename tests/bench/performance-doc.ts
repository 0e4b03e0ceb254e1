import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { benchEnv } from './bench.env';

const file = path.resolve(import.meta.dirname, '../../docs/performance.md');

export interface BenchRow {
  metric: string;
  measured: string;
  floor: string;
  ratio: string;
  target: string;
}

export function machineDescription(database: string): string {
  const cpu = os.cpus()[0]?.model.replace(/\s+/g, ' ').trim() ?? 'unknown CPU';
  return `${os.cpus().length} cores (${cpu}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${database}`;
}

/**
 * Appends this run's rows to the table between the bench's markers in docs/performance.md, newest
 * last, so the file keeps the history of measurements with their date and machine.
 */
export async function recordRows(bench: string, machine: string, rows: BenchRow[]): Promise<void> {
  const cells = rows.map((r) => `${r.metric} | ${r.measured} | ${r.floor} | ${r.ratio} | ${r.target} | ${machine}`);
  await appendRows(bench, cells, rows.map((r) => `${r.metric} ${r.measured}`).join('; '));
}

/**
 * The same for a table of the bench's own columns: each of `cells` is a row's cells after the date,
 * joined by ` | `. A smoke run prints `summary` instead.
 */
export async function appendRows(bench: string, cells: string[], summary: string): Promise<void> {
  if (benchEnv.BENCH_SMOKE) {
    process.stdout.write(`${bench} bench (smoke run, not recorded): ${summary}\n`);
    return;
  }
  const start = `<!-- bench:${bench}:rows -->`;
  const text = await readFile(file, 'utf8');
  const at = text.indexOf(start);
  if (at === -1) throw new Error(`docs/performance.md has no ${start} marker`);
  const date = new Date().toISOString().slice(0, 10);
  const lines = cells.map((row) => `| ${date} | ${row} |`);
  const endOfTable = findTableEnd(text, at + start.length);
  await writeFile(file, `${text.slice(0, endOfTable)}${lines.join('\n')}\n${text.slice(endOfTable)}`);
}

/** The first blank line after the marker's table (the table must start right after the marker). */
function findTableEnd(text: string, from: number): number {
  const blank = text.indexOf('\n\n', from);
  return blank === -1 ? text.length : blank + 1;
}
