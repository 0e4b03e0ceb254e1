import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import canonicalize from 'canonicalize';
import { parsedCanonicalJson, plainCanonicalJson } from './canonical-json';
import { canonicalContent, contentHash, libraryContent, storedContentHash, type ChainContent } from './event-hash';

/** What the library path gives for a value: the round trip, then canonicalize; or that it throws. */
function reference(value: unknown): { text: string | undefined } | { throws: true } {
  try {
    const stored = JSON.stringify(value);
    return { text: stored === undefined ? undefined : canonicalize(JSON.parse(stored)) };
  } catch {
    return { throws: true };
  }
}

function outcome(encode: () => string): { text: string } | { throws: true } {
  try {
    return { text: encode() };
  } catch {
    return { throws: true };
  }
}

/** Whatever JavaScript can put in an event: class instances, dates, boxed values, holes, -0, NaN, lone surrogates, bigints. */
const anyValue = fc.anything({
  withBoxedValues: true,
  withDate: true,
  withMap: true,
  withSet: true,
  withNullPrototype: true,
  withSparseArray: true,
  withTypedArray: true,
  withBigInt: true,
  withObjectString: true,
  withUnicodeString: true,
});

describe.each([
  ['plainCanonicalJson', plainCanonicalJson],
  ['parsedCanonicalJson', parsedCanonicalJson],
])('%s', (_name, encode) => {
  it('either gives the library text or declines, for anything at all', () => {
    fc.assert(
      fc.property(anyValue, (value) => {
        const text = encode(value);
        if (text !== null) expect({ text }).toEqual(reference(value));
      }),
      { numRuns: 5_000 },
    );
  });
});

describe('plainCanonicalJson', () => {
  it('gives exactly the round trip and the library for any plain JSON value, and handles them all', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = plainCanonicalJson(value);
        expect(text).not.toBeNull();
        expect({ text }).toEqual(reference(value));
      }),
      { numRuns: 2_000 },
    );
  });

  it('orders the keys of small and large objects alike (two sorts, by size)', () => {
    const keys = fc.oneof(fc.string(), fc.nat().map(String));
    for (const [minKeys, maxKeys] of [
      [0, 32],
      [33, 120],
    ]) {
      fc.assert(
        fc.property(fc.dictionary(keys, fc.jsonValue({ maxDepth: 1 }), { minKeys, maxKeys }), (value) => {
          expect({ text: plainCanonicalJson(value) }).toEqual(reference(value));
        }),
        { numRuns: 300 },
      );
    }
  });

  it.each([
    ['integer-like keys, which JavaScript enumerates before the others', { b: 1, '10': 2, '9': 3, a: 4, '': 5 }, '{"":5,"10":2,"9":3,"a":4,"b":1}'],
    ['keys sorted by UTF-16 code units, not code points', { '\uFB33': 2, '\u{1F600}': 1 }, '{"\u{1F600}":1,"\uFB33":2}'],
    ['numbers in their shortest form; -0 as 0; not finite as null', [1e21, 5e-324, -0, 0.1, NaN, -Infinity], '[1e+21,5e-324,0,0.1,null,null]'],
    ['undefined members left out, undefined items as null', { a: undefined, b: [undefined, 1] }, '{"b":[null,1]}'],
    ['control characters escaped as JSON.stringify does', { s: '\u0000\u001f"\\\n\u2028' }, '{"s":"\\u0000\\u001f\\"\\\\\\n\u2028"}'],
  ])('%s', (_name, value, expected) => {
    expect(plainCanonicalJson(value)).toBe(expected);
    expect(reference(value)).toEqual({ text: expected });
  });

  it.each([
    ['a date', { at: new Date(0) }],
    ['a class instance', { money: new (class Money {})() }],
    ['an object with toJSON', { x: { toJSON: () => 'y' } }],
    ['a lone surrogate', { s: '\uD800' }],
    ['a lone surrogate in a key', { '\uDC00': 1 }],
    ['a function member', { f: () => 1 }],
    ['a bigint', { n: 1n }],
    ['a boxed string', { s: Object('x') }],
  ])('declines %s, for the library path', (_name, value) => {
    expect(plainCanonicalJson(value)).toBeNull();
  });

  it('handles plain values nested deep, where the speed matters', () => {
    let deep: unknown = { leaf: [1, 'two'] };
    for (let i = 0; i < 100; i++) deep = { next: deep };
    expect({ text: plainCanonicalJson(deep) }).toEqual(reference(deep));
  });

  it('declines a cycle rather than looping', () => {
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(plainCanonicalJson(cycle)).toBeNull();
  });
});

describe('parsedCanonicalJson', () => {
  it('gives exactly the library text for any value read back from JSON, and handles them all', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const parsed = JSON.parse(JSON.stringify(value));
        const text = parsedCanonicalJson(parsed);
        expect(text).not.toBeNull();
        expect({ text }).toEqual(reference(value));
      }),
      { numRuns: 2_000 },
    );
  });

  it('gives the same text for a structured clone of a parsed value (what verify-store hands its threads)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const parsed = JSON.parse(JSON.stringify(value));
        expect(parsedCanonicalJson(structuredClone(parsed))).toBe(plainCanonicalJson(parsed));
      }),
      { numRuns: 500 },
    );
  });

  it('writes a key it has kept the text of as it wrote it the first time', () => {
    const value = JSON.parse('{"ü\\n\\"k":1,"a":{"ü\\n\\"k":2}}');
    expect(parsedCanonicalJson(value)).toBe(plainCanonicalJson(value));
    expect(parsedCanonicalJson(value)).toBe(plainCanonicalJson(value));
  });

  it.each([
    ['a date', { at: new Date(0) }],
    ['a class instance', { money: new (class Money {})() }],
    ['an array of another class', { a: Tagged.from([1]) }],
    ['undefined', { a: undefined }],
    ['a lone surrogate', { s: '\uD800' }],
    ['a lone surrogate in a key', { '\uDC00': 1 }],
    ['a bigint', { n: 1n }],
  ])('declines %s, for the general path', (_name, value) => {
    expect(parsedCanonicalJson(value)).toBeNull();
  });
});

describe('storedContentHash', () => {
  it('is contentHash for any event, parsed or not', () => {
    fc.assert(
      fc.property(fc.string(), fc.uuid(), fc.string(), fc.oneof(anyValue, fc.jsonValue()), fc.jsonValue(), (streamId, eventId, type, data, metadata) => {
        const content = { streamId, eventId, type, data, metadata: JSON.parse(JSON.stringify(metadata)) };
        let expected: Buffer | 'throws';
        try {
          expected = contentHash(content);
        } catch {
          expected = 'throws';
        }
        if (expected === 'throws') expect(() => storedContentHash(content)).toThrow();
        else expect(storedContentHash(content).equals(expected)).toBe(true);
      }),
      { numRuns: 3_000 },
    );
  });
});

class Tagged extends Array<number> {
  toJSON() {
    return 'tagged';
  }
}

/** Odd inputs a review of the encoder found, each once written differently from the library. */
function oddInputs(): [string, ChainContent][] {
  const envelope = { streamId: 's', eventId: 'e', type: 't', metadata: {} };
  const lengthChanging: unknown[] = [0, 'b'];
  Object.defineProperty(lengthChanging, 0, { enumerable: true, get: () => ((lengthChanging.length = 4), 1) });
  const readOrder = { get b() { readOrder.a = 99; return 0; }, a: 1 }; // prettier-ignore
  return [
    ['an array with its own toJSON', { ...envelope, data: { a: Object.assign([1, 2], { toJSON: () => 'x' }) } }],
    ['an array whose class has toJSON', { ...envelope, data: Tagged.from([1, 2]) }],
    ['a plain object with a toJSON that is not enumerable', { ...envelope, data: Object.defineProperty({ a: 1 }, 'toJSON', { value: () => 'y' }) }],
    ['a boxed primitive with an object prototype', { ...envelope, data: { b: Object.setPrototypeOf(Object(true), Object.prototype) } }],
    ['a boxed string with no prototype', { ...envelope, data: { s: Object.setPrototypeOf(Object('ab'), null) } }],
    ['a Proxy that answers its own prototype', { ...envelope, data: new Proxy({ a: 1 }, { getPrototypeOf: () => Array.prototype }) }],
    ['a getter that shortens its array', { ...envelope, data: lengthChanging }],
    ['a getter that changes a member read after it', { ...envelope, data: readOrder }],
    ['a stream id that is not a string', { ...envelope, streamId: NaN as unknown as string, data: {} }],
    ['an event type that is not a string', { ...envelope, type: 7 as unknown as string, data: {} }],
  ];
}

describe('canonicalContent', () => {
  it.each(oddInputs().map(([name]) => name))('writes %s as the library does, or refuses it as the library does', (name) => {
    // Each side gets its own copy: a getter may change what it is read from.
    const fresh = () => oddInputs().find(([odd]) => odd === name)![1];
    expect(outcome(() => canonicalContent(fresh()))).toEqual(outcome(() => libraryContent(fresh())));
  });

  const event: ChainContent = {
    streamId: 'order-7d1c',
    eventId: '0b7e2f4c-5d7a-4d51-9d0e-2f1f7d1c9a10',
    type: 'OrderPlaced',
    data: { fiatAmount: '25000', rate: 88.5, '10': 'ten', '9': 'nine', note: 'ü € 😀', tags: ['a', null, 1e21, -0], nested: { z: true, a: false } },
    metadata: { actor: { id: 'u1', role: 'customer' }, ip: '203.0.113.9' },
  };

  it('keeps the text and hash that chains already stored were built with', () => {
    // Computed with the library path before the fast encoder existed: a stored chain must still verify.
    expect(canonicalContent(event)).toBe(
      '{"data":{"10":"ten","9":"nine","fiatAmount":"25000","nested":{"a":false,"z":true},"note":"ü € 😀","rate":88.5,"tags":["a",null,1e+21,0]},' +
        '"eventId":"0b7e2f4c-5d7a-4d51-9d0e-2f1f7d1c9a10","metadata":{"actor":{"id":"u1","role":"customer"},"ip":"203.0.113.9"},"streamId":"order-7d1c","type":"OrderPlaced"}',
    );
    expect(contentHash(event).toString('hex')).toBe('158a35049101d74d8fa6e0015597a476f96aece8d0ac3007bcdd8b6ce7c3d711');
  });

  it('equals the library path for any event, or both refuse it', () => {
    fc.assert(
      fc.property(fc.string(), fc.uuid(), fc.string(), anyValue, anyValue, (streamId, eventId, type, data, metadata) => {
        const content = { streamId, eventId, type, data, metadata };
        expect(outcome(() => canonicalContent(content))).toEqual(outcome(() => libraryContent(content)));
      }),
      { numRuns: 3_000 },
    );
  });

  it('takes the library path for what the fast encoder declines: a date in the metadata', () => {
    const withDate = { ...event, metadata: { at: new Date(Date.UTC(2026, 10, 25, 12)) } };
    expect(canonicalContent(withDate)).toBe(libraryContent(withDate));
    expect(canonicalContent(withDate)).toContain('"metadata":{"at":"2026-11-25T12:00:00.000Z"}');
  });
});
