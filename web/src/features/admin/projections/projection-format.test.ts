import { describe, expect, it } from 'vitest';
import { formatLag, rebuildProgress } from './projection-format';

describe('projection figures', () => {
  it('says how long events have waited in the two largest units', () => {
    expect(formatLag(0)).toBe('0 s');
    expect(formatLag(250)).toBe('< 1 s');
    expect(formatLag(42_900)).toBe('42 s');
    expect(formatLag(3 * 60_000 + 5_000)).toBe('3 min 5 s');
    expect(formatLag(2 * 3_600_000 + 7 * 60_000 + 59_000)).toBe('2 h 7 min');
    expect(formatLag(3 * 86_400_000 + 4 * 3_600_000)).toBe('3 d 4 h');
  });

  it('gives a rebuild its progress, none when no rebuild runs', () => {
    expect(rebuildProgress({ eventsApplied: 10, rebuilding: null })).toBeNull();
    expect(rebuildProgress({ eventsApplied: 450, rebuilding: { startedAt: '2025-01-15T10:00:00.000Z', total: 1_000 } })).toEqual({
      done: 450,
      total: 1_000,
      percent: 45,
    });
    // Events appended during the rebuild are applied too: the bar stops at full.
    expect(rebuildProgress({ eventsApplied: 1_020, rebuilding: { startedAt: '2025-01-15T10:00:00.000Z', total: 1_000 } })).toEqual({
      done: 1_000,
      total: 1_000,
      percent: 100,
    });
    expect(rebuildProgress({ eventsApplied: 0, rebuilding: { startedAt: '2025-01-15T10:00:00.000Z', total: 0 } })).toEqual({ done: 0, total: 0, percent: 100 });
  });
});
