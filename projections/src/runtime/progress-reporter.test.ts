import { describe, expect, it } from 'vitest';
import { createProgressReporter, formatDuration } from './progress-reporter';

describe('progress reporter', () => {
  it('prints done/total, percentage, rate and ETA at most once per interval', () => {
    let clock = 0;
    const lines: string[] = [];
    const progress = createProgressReporter(
      'demo',
      (l) => lines.push(l),
      1_000,
      () => clock,
    );
    clock = 1_000;
    progress.update(10_000, 40_000);
    clock = 1_500;
    progress.update(15_000, 40_000);
    clock = 2_000;
    progress.update(20_000, 40_000);
    expect(lines).toEqual(['[demo] 10,000/40,000 events (25.0%) 0 events/s, ETA ?', '[demo] 20,000/40,000 events (50.0%) 5,000 events/s, ETA 4s']);
    clock = 4_000;
    progress.finish(40_000);
    expect(lines.at(-1)).toBe('[demo] done: 40,000 events in 4.0s (7,500 events/s)');
  });

  it('formats durations for humans', () => {
    expect(formatDuration(4.2)).toBe('5s');
    expect(formatDuration(125)).toBe('2m5s');
    expect(formatDuration(3_700)).toBe('1h1m');
  });
});
