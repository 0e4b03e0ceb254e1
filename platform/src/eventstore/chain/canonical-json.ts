/**
 * JCS (RFC 8785) text of a value as JSON.stringify would store it, for plain JSON values only:
 * exactly `canonicalize(JSON.parse(JSON.stringify(value)))`, without the round trip and the
 * library's general machinery. Every append hashes each event's content, and the library path
 * cost a fifth of the event store's rate at 8 writers (docs/performance.md); events are plain JSON
 * almost always.
 *
 * It answers null for anything it does not handle exactly as the round trip would, and the caller
 * then takes the library's path: objects that are not plain (a Date, a class instance, anything
 * with toJSON), functions, symbols, bigints, strings with a lone surrogate, and very deep values
 * (a cycle would be one). What it does handle, it handles as JSON.stringify does: keys sorted by
 * UTF-16 code units (the sort's default order, which JCS requires), undefined members left out and
 * undefined array items written as null, numbers that are not finite written as null, and finite
 * numbers in JavaScript's own shortest form, which is JCS's.
 * canonical-json.test.ts checks it against the library over generated values.
 */
export function plainCanonicalJson(value: unknown): string | null {
  return encode(value, 0) ?? null;
}

const MAX_DEPTH = 200;
/** No lone surrogate (ES2024, in Node since 20; the project's TypeScript lib is older). */
const wellFormed = (text: string) => (text as string & { isWellFormed(): boolean }).isWellFormed();
/** Not handled here: the caller falls back to the library. */
const BAIL = undefined;

function encode(value: unknown, depth: number): string | undefined {
  switch (typeof value) {
    case 'string':
      return wellFormed(value) ? JSON.stringify(value) : BAIL;
    case 'number':
      // Shortest round-trip form, which is JCS's; null when not finite, as the round trip stores it.
      return JSON.stringify(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      if (value === null) return 'null';
      if (depth >= MAX_DEPTH) return BAIL;
      if (Array.isArray(value)) return encodeArray(value, depth);
      return encodeObject(value, depth);
    default:
      // undefined only reaches here at the top, where JSON.stringify gives no text at all.
      return BAIL;
  }
}

function encodeArray(array: readonly unknown[], depth: number): string | undefined {
  if (Object.getPrototypeOf(array) !== Array.prototype) return BAIL;
  let text = '[';
  for (let i = 0; i < array.length; i++) {
    const item = array[i];
    const encoded = item === undefined ? 'null' : encode(item, depth + 1);
    if (encoded === undefined) return BAIL;
    text += i === 0 ? encoded : `,${encoded}`;
  }
  return `${text}]`;
}

function encodeObject(object: object, depth: number): string | undefined {
  const prototype = Object.getPrototypeOf(object);
  if ((prototype !== Object.prototype && prototype !== null) || typeof (object as { toJSON?: unknown }).toJSON === 'function') return BAIL;
  const record = object as Record<string, unknown>;
  let text = '{';
  let first = true;
  for (const key of Object.keys(record).sort()) {
    const member = record[key];
    if (member === undefined) continue;
    const encoded = encode(member, depth + 1);
    if (encoded === undefined || !wellFormed(key)) return BAIL;
    text += `${first ? '' : ','}${JSON.stringify(key)}:${encoded}`;
    first = false;
  }
  return `${text}}`;
}
