import { z } from 'zod';

/**
 * A backup is one gzip file of JSON lines:
 *
 *   {"kind":"usdt-desk-backup","format":1,"createdAt":...,"tables":[{"name","columns","rows"}],...}
 *   {"table":"es_events","rows":N}      then N lines, one row each (PostgreSQL's to_jsonb of the row)
 *   {"table":"users","rows":M}          then M lines ...
 *   {"end":true,"tables":T,"rows":R}
 *
 * Row lines are copied as PostgreSQL wrote them and handed back to it unparsed, so numbers,
 * timestamps (microseconds) and jsonb come back exactly; bytea columns (stored files), which
 * to_jsonb would write as hex, are base64 instead and named in the header. The counts come from the same
 * snapshot as the rows, so a reader knows how many lines each section has and notices a cut file.
 */
export const BACKUP_KIND = 'usdt-desk-backup';
export const BACKUP_FORMAT = 1;

export const backupTableSchema = z.object({
  name: z.string().min(1),
  columns: z.array(z.string().min(1)).min(1),
  rows: z.number().int().min(0),
  /** bytea columns, written as base64 strings (a third larger than the bytes, where PostgreSQL's hex is double). */
  base64: z.array(z.string().min(1)).default([]),
});
export type BackupTable = z.infer<typeof backupTableSchema>;

export const backupHeaderSchema = z.object({
  kind: z.literal(BACKUP_KIND),
  format: z.literal(BACKUP_FORMAT),
  createdAt: z.iso.datetime({ offset: true }),
  /** The server's version, and the migrations the source had applied: for reading, not checked. */
  server: z.string(),
  migrations: z.array(z.string()),
  tables: z.array(backupTableSchema).min(1),
  rows: z.number().int().min(0),
});
export type BackupHeader = z.infer<typeof backupHeaderSchema>;

export const sectionSchema = z.object({ table: z.string().min(1), rows: z.number().int().min(0) });
export const trailerSchema = z.object({ end: z.literal(true), tables: z.number().int().min(0), rows: z.number().int().min(0) });

/** The file names a backup gets when none is given: sortable by time. */
export function defaultBackupName(at: Date): string {
  return `usdt-desk-${at.toISOString().replace(/[:.]/g, '-')}.jsonl.gz`;
}
