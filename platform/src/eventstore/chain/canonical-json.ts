import { types } from 'node:util';

/**
 * JCS (RFC 8785) text of a value as JSON.stringify would store it, for plain JSON values only:
 * exactly `canonicalize(JSON.parse(JSON.stringify(value)))`, without the round trip and the
 * library's general machinery. Every append hashes each event's content, and the library's way
 * cost about a tenth of the event store's rate at 8 writers (docs/performance.md, "The chain's
 * encoder"); events are plain JSON almost always.
 *
 * It answers null for anything it does not handle exactly as the round trip would, and the caller
 * then takes the library's path: objects and arrays that are not plain (a Date, a class instance,
 * a boxed primitive, a Proxy, anything with toJSON), functions, symbols, bigints, strings with a
 * lone surrogate, and very deep values (a cycle would be one). What it does handle, it handles as
 * JSON.stringify does, reading each member once and in the same order (so even getters see what
 * they would there): keys sorted by UTF-16 code units (the sort's default order, which JCS
 * requires), undefined members left out and undefined array items written as null, numbers that
 * are not finite written as null, and finite numbers in JavaScript's own shortest form, which is
 * JCS's. canonical-json.test.ts checks it against the library over generated values and the odd
 * cases a review found.
 */
export function plainCanonicalJson(value: unknown): string | null {
  return encode(value, 0) ?? null;
}

/**
 * JCS text of a value read back from JSON (what JSON.parse returns, or a structured clone of it):
 * the same text as plainCanonicalJson, for the walks that hash every stored event (verify-store).
 * Such a value holds only own data properties of plain objects and arrays, so this skips the checks
 * plainCanonicalJson makes for what JSON.parse never gives (proxies, boxed values, getters, toJSON
 * methods), reads members in JCS order directly, and keeps each key's text (keys recur from event
 * to event): about 1.2 µs a value against 1.9 (docs/performance.md). It answers null, for the
 * caller to take the general path, for anything else it meets: an object of another prototype (a
 * Date, say), undefined, a bigint, a lone surrogate, a very deep value.
 */
export function parsedCanonicalJson(value: unknown): string | null {
  return encodeParsed(value, 0) ?? null;
}

const MAX_DEPTH = 200;
const INSERTION_SORT_MAX = 32;
/** Not handled here: the caller falls back to the library. */
const BAIL = undefined;
/** No lone surrogate (ES2024, in Node since 20; the project's TypeScript lib is older). */
const wellFormed = (text: string) => (text as string & { isWellFormed(): boolean }).isWellFormed();

function encode(value: unknown, depth: number): string | undefined {
  if (typeof value !== 'object') return encodeScalar(value);
  if (value === null) return 'null';
  if (depth >= MAX_DEPTH || !isPlainContainer(value)) return BAIL;
  return Array.isArray(value) ? encodeArray(value, depth) : encodeObject(value as Record<string, unknown>, depth);
}

/** A string, number or boolean as both encoders write it; anything else (undefined, a function, a symbol, a bigint) is not handled. */
function encodeScalar(value: unknown): string | undefined {
  switch (typeof value) {
    case 'string':
      return wellFormed(value) ? JSON.stringify(value) : BAIL;
    case 'number':
      // Shortest round-trip form, which is JCS's; null when not finite, as the round trip stores it.
      return JSON.stringify(value);
    case 'boolean':
      return value ? 'true' : 'false';
    default:
      // undefined only reaches here at the top, where JSON.stringify gives no text at all.
      return BAIL;
  }
}

/**
 * An array or object JSON.stringify walks member by member: its own prototype (or none), no
 * toJSON anywhere on it, and not a Proxy or a boxed primitive, which JSON.stringify treats by what
 * they hold rather than by their prototype.
 */
function isPlainContainer(value: object): boolean {
  if (types.isProxy(value) || types.isBoxedPrimitive(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  const expected = Array.isArray(value) ? Array.prototype : Object.prototype;
  return (prototype === expected || prototype === null) && typeof (value as { toJSON?: unknown }).toJSON !== 'function';
}

function encodeArray(array: readonly unknown[], depth: number): string | undefined {
  const length = array.length;
  let text = '[';
  for (let i = 0; i < length; i++) {
    const item = array[i];
    const encoded = item === undefined ? 'null' : encode(item, depth + 1);
    if (encoded === undefined) return BAIL;
    text += i === 0 ? encoded : `,${encoded}`;
  }
  return `${text}]`;
}

/** Members read in the object's own order, as JSON.stringify reads them, then written in JCS order. */
function encodeObject(object: Record<string, unknown>, depth: number): string | undefined {
  const keys = Object.keys(object);
  const texts: (string | undefined)[] = new Array(keys.length);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const member = object[key];
    if (member === undefined) continue;
    const encoded = encode(member, depth + 1);
    if (encoded === undefined || !wellFormed(key)) return BAIL;
    texts[i] = `${JSON.stringify(key)}:${encoded}`;
  }
  const order = sortedPositions(keys);
  let text = '{';
  for (const i of order) {
    const member = texts[i];
    if (member !== undefined) text += text.length === 1 ? member : `,${member}`;
  }
  return `${text}}`;
}

/**
 * The positions of `keys` in UTF-16 code unit order (JavaScript's `<` on strings). Objects in events
 * hold a handful of keys, where an insertion sort measured a third of the encoder's time faster
 * than `sort` with a comparator; larger ones take the sort, whose time grows gently.
 */
function sortedPositions(keys: readonly string[]): number[] {
  if (keys.length > INSERTION_SORT_MAX) return keys.map((_, i) => i).sort((a, b) => (keys[a]! < keys[b]! ? -1 : 1));
  const order = new Array<number>(keys.length);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    let at = i;
    for (; at > 0 && keys[order[at - 1]!]! > key; at--) order[at] = order[at - 1]!;
    order[at] = i;
  }
  return order;
}

/** Keys' JSON texts, kept while there are few enough: the same handful of keys names nearly every member of every event. */
const keyTexts = new Map<string, string>();
const MAX_KEPT_KEYS = 10_000;

function keyText(key: string): string {
  let text = keyTexts.get(key);
  if (text === undefined) {
    text = JSON.stringify(key);
    if (keyTexts.size < MAX_KEPT_KEYS) keyTexts.set(key, text);
  }
  return text;
}

function encodeParsed(value: unknown, depth: number): string | undefined {
  if (typeof value !== 'object') return encodeScalar(value);
  if (value === null) return 'null';
  if (depth >= MAX_DEPTH) return BAIL;
  const prototype = Object.getPrototypeOf(value);
  if (Array.isArray(value)) return prototype === Array.prototype ? encodeParsedArray(value, depth) : BAIL;
  return prototype === Object.prototype || prototype === null ? encodeParsedObject(value as Record<string, unknown>, depth) : BAIL;
}

function encodeParsedArray(array: readonly unknown[], depth: number): string | undefined {
  let text = '[';
  for (let i = 0; i < array.length; i++) {
    const encoded = encodeParsed(array[i], depth + 1);
    if (encoded === undefined) return BAIL;
    text += i === 0 ? encoded : `,${encoded}`;
  }
  return `${text}]`;
}

function encodeParsedObject(object: Record<string, unknown>, depth: number): string | undefined {
  const keys = Object.keys(object);
  let text = '{';
  for (const i of sortedPositions(keys)) {
    const key = keys[i]!;
    const encoded = encodeParsed(object[key], depth + 1);
    if (encoded === undefined || !wellFormed(key)) return BAIL;
    text += `${text.length === 1 ? '' : ','}${keyText(key)}:${encoded}`;
  }
  return `${text}}`;
}
