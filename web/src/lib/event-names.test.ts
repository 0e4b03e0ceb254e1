// @vitest-environment node
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EVENT_NAMES, EVENT_TYPE_OPTIONS, eventName } from './event-names';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** The event types the catalogue's tables list: the first column's `Name` of every table row. */
const catalogued = () => [...readFileSync(path.join(ROOT, 'docs/event-catalogue.md'), 'utf8').matchAll(/^\| `([A-Z][A-Za-z]+)` \|/gm)].map((m) => m[1]!);

/** The event types the machines declare in their `*.events.ts` files (`type: 'X'` or `= 'X'`). */
function declared(): string[] {
  const found = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name.endsWith('.events.ts'))
        for (const m of readFileSync(file, 'utf8').matchAll(/(?:type: |[A-Z_]+ = )'([A-Z][a-z]+[A-Z][A-Za-z]+)'/g)) found.add(m[1]!);
    }
  };
  walk(path.join(ROOT, 'machines/src'));
  return [...found];
}

describe('event names', () => {
  it('names every event type of the event catalogue', () => {
    const types = catalogued();
    expect(types.length).toBeGreaterThan(40);
    expect(types.filter((t) => !(t in EVENT_NAMES))).toEqual([]);
  });

  it('names every event type the machines declare', () => {
    const types = declared();
    expect(types).toContain('OrderPlaced');
    expect(types).toContain('DeskChangeRequested');
    expect(types.filter((t) => !(t in EVENT_NAMES))).toEqual([]);
  });

  it('never shows the type itself, and gives each event its own name', () => {
    const names = Object.values(EVENT_NAMES);
    expect(new Set(names).size).toBe(names.length);
    for (const [type, name] of Object.entries(EVENT_NAMES)) expect(name).not.toBe(type);
  });

  it('reads an event no table names as words', () => {
    expect(eventName('OrderVerified')).toBe('Payment verified');
    expect(eventName('TestEventHappened')).toBe('Test event happened');
  });

  it('offers the types as filter choices by name, in alphabetical order', () => {
    expect(EVENT_TYPE_OPTIONS).toContainEqual({ value: 'PaymentMatched', label: 'Matched to a bank statement line' });
    const labels = EVENT_TYPE_OPTIONS.map((o) => o.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b)));
  });
});
