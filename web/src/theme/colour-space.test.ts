import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatHex, toGamut, wcagContrast } from 'culori';
import { atLightness, contrast, normaliseHex, oklchOf } from './colour-space';

/* The small maths written out in colour-space.ts against culori's own, whole library (tests only). */
const hex = fc.integer({ min: 0, max: 0xffffff }).map((n) => `#${n.toString(16).padStart(6, '0')}`);

describe('The colour maths', () => {
  it('measures contrast as culori does', () => {
    fc.assert(fc.property(hex, hex, (a, b) => Math.abs(contrast(a, b) - wcagContrast(a, b)) < 1e-9));
  });

  it('brings a colour at another lightness into sRGB as culori’s CSS Color 4 gamut mapping does', () => {
    const intoSrgb = toGamut('rgb', 'oklch');
    fc.assert(
      fc.property(hex, fc.double({ min: 0, max: 1, noNaN: true }), (colour, lightness) => {
        const oklch = oklchOf(colour);
        return atLightness(oklch, lightness) === formatHex(intoSrgb({ mode: 'oklch', ...oklch, l: lightness }));
      }),
      { numRuns: 1_000 },
    );
  });

  it('reads #rgb and #rrggbb only', () => {
    expect([normaliseHex('#ABC'), normaliseHex(' #E8590C '), normaliseHex('#e8590c80'), normaliseHex('orange')]).toEqual([
      '#aabbcc',
      '#e8590c',
      undefined,
      undefined,
    ]);
  });
});
