import { z } from 'zod';
import { backupHeaderSchema, sectionSchema, trailerSchema, type BackupHeader, type BackupTable } from './backup-format';
import { gunzipLines } from './gzip-lines';
import { CommandError } from '../cli-errors';

/** A backup file that cannot be restored as it is: damaged, cut short, or not a backup at all. */
export class BadBackupError extends CommandError {}

export interface BackupReader {
  header: BackupHeader;
  /**
   * The rows of the next section, which must be `table`'s, as raw JSON lines in batches of at most
   * `maxRows` rows or about `maxBytes` characters (one stored file may exceed it alone).
   */
  batches(table: BackupTable, maxRows: number, maxBytes: number): AsyncGenerator<string[]>;
  /** Reads the closing line and checks nothing follows it. */
  finish(): Promise<void>;
}

/** Opens a backup (backup-format.ts), reading its header; rows are read as they are asked for. */
export async function openBackup(file: string): Promise<BackupReader> {
  const lines = gunzipLines(file);
  let lineNumber = 0;
  const next = async (what: string): Promise<string> => {
    let result: IteratorResult<string>;
    try {
      result = await lines.next();
    } catch (error) {
      throw new BadBackupError(`${file}: cannot be read after line ${lineNumber} (${(error as Error).message})`);
    }
    if (result.done) throw new BadBackupError(`${file}: ends at line ${lineNumber}, before ${what}: the file is incomplete`);
    lineNumber++;
    return result.value;
  };
  const parse = <T>(schema: z.ZodType<T>, line: string, what: string): T => {
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch {
      throw new BadBackupError(`${file}: line ${lineNumber} is not JSON (expected ${what})`);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new BadBackupError(`${file}: line ${lineNumber} is not ${what}: ${z.prettifyError(parsed.error)}`);
    return parsed.data;
  };

  const header = parse(backupHeaderSchema, await next('the header').catch(notABackup(file)), 'a USDT Desk backup header');
  return {
    header,
    async *batches(table, maxRows, maxBytes) {
      const section = parse(sectionSchema, await next(`the ${table.name} rows`), `the start of the ${table.name} rows`);
      if (section.table !== table.name || section.rows !== table.rows) {
        throw new BadBackupError(
          `${file}: line ${lineNumber} starts ${section.table} (${section.rows} rows); the header promised ${table.name} (${table.rows})`,
        );
      }
      let batch: string[] = [];
      let size = 0;
      for (let n = 0; n < table.rows; n++) {
        const line = await next(`row ${n + 1} of ${table.rows} of ${table.name}`);
        if (!line.startsWith('{')) throw new BadBackupError(`${file}: line ${lineNumber} is not a row of ${table.name}`);
        batch.push(line);
        size += line.length;
        if (batch.length >= maxRows || size >= maxBytes) {
          yield batch;
          batch = [];
          size = 0;
        }
      }
      if (batch.length > 0) yield batch;
    },
    async finish() {
      const trailer = parse(trailerSchema, await next('the closing line'), 'the closing line');
      if (trailer.rows !== header.rows || trailer.tables !== header.tables.length) {
        throw new BadBackupError(
          `${file}: the closing line counts ${trailer.rows} rows in ${trailer.tables} tables; the header ${header.rows} in ${header.tables.length}`,
        );
      }
      const extra = await lines.next().catch(() => ({ done: false }));
      if (!extra.done) throw new BadBackupError(`${file}: has more after its closing line`);
    },
  };
}

/** Not gzip at all (a wrong file given) reads as a damaged first line: say what was expected. */
function notABackup(file: string) {
  return (error: Error): never => {
    throw new BadBackupError(`${file} is not a USDT Desk backup (a gzip file of JSON lines): ${error.message}`);
  };
}
