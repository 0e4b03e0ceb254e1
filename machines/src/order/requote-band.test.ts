import { describe, expect, it } from 'vitest';
import { bandDistancePercent, outsideBand } from './requote-band';

describe('the re-quote band', () => {
  it('measures the distance from the rate in force in percent, either way', () => {
    expect(bandDistancePercent('85', '86.7').toString()).toBe('2');
    expect(bandDistancePercent('85', '83.3').toString()).toBe('2');
    expect(bandDistancePercent('88.5', '0.01').toFixed(2)).toBe('99.98');
  });

  it('keeps the edge inside and anything past it outside', () => {
    expect(outsideBand('85', '86.7', '2')).toBe(false);
    expect(outsideBand('85', '86.71', '2')).toBe(true);
    expect(outsideBand('85', '83.29', '2')).toBe(true);
    expect(outsideBand('85', '85', '0.01')).toBe(false);
  });
});
