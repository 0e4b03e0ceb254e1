import { describe, expect, it } from 'vitest';
import { FAULTS, FULL_RUN, parseChaosArgs, parseDuration, SHORT_RUN } from './chaos-options';
import { seededRandom } from './seeded-random';

describe('npm run chaos options', () => {
  it('reads durations in ms, s and m', () => {
    expect([parseDuration('1500ms'), parseDuration('90s'), parseDuration('10m'), parseDuration('2')]).toEqual([1_500, 90_000, 600_000, 2_000]);
    expect(() => parseDuration('ten')).toThrow(/not a duration/);
  });

  it('takes the seed, the faults and the duration, over the full run or the short one', () => {
    const parsed = parseChaosArgs(['--seed', '42', '--faults', 'api-kill,storage-full', '--duration', '3m', '--doc']);
    expect(parsed).toEqual({ writeDoc: true, options: { ...FULL_RUN, seed: 42, faults: ['api-kill', 'storage-full'], durationMs: 180_000 } });
    const short = parseChaosArgs(['--short', '--seed', '7']);
    expect(short).toEqual({ writeDoc: false, options: { ...SHORT_RUN, seed: 7 } });
    expect(SHORT_RUN.faults).toEqual([...FAULTS]);
  });

  it('refuses a fault it does not know, and a seed that is not a number', () => {
    expect(() => parseChaosArgs(['--faults', 'api-kill,meteor'])).toThrow(/unknown faults: meteor/);
    expect(() => parseChaosArgs(['--seed', 'abc'])).toThrow(/--seed takes an integer/);
  });

  it('draws the same moments from the same seed', () => {
    const draw = (seed: number) => {
      const random = seededRandom(seed);
      return [random.next(), random.between(300, 1_000), random.pick(FAULTS)];
    };
    expect(draw(12345)).toEqual(draw(12345));
    expect(draw(12345)).not.toEqual(draw(54321));
  });
});
