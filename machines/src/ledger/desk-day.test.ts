import { describe, expect, it } from 'vitest';
import { dayBefore, deskDay, isDay } from './desk-day';

describe("the desk's day", () => {
  it("is India's calendar day", () => {
    expect(deskDay('2026-11-20T18:29:59.999Z')).toBe('2026-11-20');
    expect(deskDay('2026-11-20T18:30:00.000Z')).toBe('2026-11-21');
    expect(deskDay('not a time')).toBeNull();
  });

  it('knows the day before, across months and years, and what a real day is', () => {
    expect(dayBefore('2026-03-01')).toBe('2026-02-28');
    expect(dayBefore('2027-01-01')).toBe('2026-12-31');
    expect(isDay('2026-02-28')).toBe(true);
    expect(isDay('2026-02-30')).toBe(false);
    expect(isDay('20-11-2026')).toBe(false);
  });
});
