export interface Change {
  /** Dotted path into the object (`status`, `user.phone`, `attachments.1`). */
  path: string;
  from: unknown;
  to: unknown;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * What differs between two JSON values, leaf by leaf: objects and arrays are walked, anything else
 * compared by value. Written here rather than taken from a library because the screens need only
 * this flat list of paths, and the libraries' patch formats (RFC 6902) would need translating back.
 */
export function jsonChanges(before: unknown, after: unknown, path = ''): Change[] {
  if (isObject(before) && isObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys.flatMap((key) => jsonChanges(before[key], after[key], path ? `${path}.${key}` : key));
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    return Array.from({ length: Math.max(before.length, after.length) }, (_, i) => jsonChanges(before[i], after[i], path ? `${path}.${i}` : String(i))).flat();
  }
  if (JSON.stringify(before) === JSON.stringify(after)) return [];
  return [{ path: path || '.', from: before ?? null, to: after ?? null }];
}
