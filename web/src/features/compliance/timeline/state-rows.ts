import type { Change } from '../compliance-api';

export interface StateRow {
  path: string;
  value: unknown;
  /** What this field was before the step, and what it became; absent when the step left it alone. */
  change?: Change;
}

/** "attachments[0].fileId" and "attachments.0.fileId" name the same field. */
const normal = (path: string) => path.replace(/\[(\d+)\]/g, '.$1').replace(/^\./, '');

/**
 * The order's state as one row per field (nested objects by dotted path, arrays of records by
 * index), each with the change the step made to it, if any. A change under a field shown whole (a
 * list of plain values) marks that field.
 */
export function stateRows(state: Record<string, unknown>, changes: readonly Change[]): StateRow[] {
  const rows: StateRow[] = [];
  const walk = (value: unknown, path: string) => {
    const nested = value !== null && typeof value === 'object' && (!Array.isArray(value) || value.some((v) => v !== null && typeof v === 'object'));
    if (nested && path !== '' && Object.keys(value as object).length === 0) return void rows.push({ path, value });
    if (!nested) return void rows.push({ path, value });
    for (const [key, child] of Object.entries(value as object)) walk(child, path ? `${path}.${key}` : key);
  };
  walk(state, '');
  const byPath = new Map(changes.map((c) => [normal(c.path), c]));
  return rows.map((row) => {
    const exact = byPath.get(row.path);
    if (exact) return { ...row, change: exact };
    // A change below this row (inside a list shown whole) or above it (a record set at once) marks it too.
    const related = changes.find((c) => normal(c.path).startsWith(`${row.path}.`) || row.path.startsWith(`${normal(c.path)}.`));
    return related ? { ...row, change: { path: row.path, from: undefined, to: row.value } } : row;
  });
}

/** A field's value as the state view shows it: text as it is, nothing as "—", anything else as JSON. */
export function showValue(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value === '' ? '""' : value;
  return JSON.stringify(value);
}
