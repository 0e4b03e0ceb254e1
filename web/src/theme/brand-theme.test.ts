import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { atLightness, oklchOf } from './colour-space';
import { DEFAULT_BRAND_COLOUR, deriveBrandTheme, type ThemePair } from './brand-theme';

/*
 * WCAG 2's relative luminance and contrast written out here, not taken from the library the theme
 * uses, so a fault in either shows as a disagreement.
 */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
function ratio(a: string, b: string): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}
/** axe-core fails a pair at exactly the threshold: every pair must be strictly above it. */
function reads(pair: ThemePair): boolean {
  return ratio(pair.foreground, pair.background) > pair.ratio;
}

const NAMED = {
  default: DEFAULT_BRAND_COLOUR,
  'very light': '#fdfdfd',
  white: '#ffffff',
  yellow: '#ffd43b',
  'saturated orange (Sunrise)': '#e8590c',
  'mid-grey': '#777777',
  'near-black': '#111111',
  black: '#000000',
  'pure green': '#00ff00',
  'pure blue': '#0000ff',
  violet: '#7950f2',
  teal: '#12b886',
};

describe('A brand theme', () => {
  it.each(Object.entries(NAMED))('reaches every ratio for a %s brand colour', (_, colour) => {
    const { pairs } = deriveBrandTheme(colour);
    expect(pairs).toHaveLength(8);
    for (const pair of pairs) expect({ ...pair, measured: ratio(pair.foreground, pair.background) }).toSatisfy(reads);
  });

  it('reaches every ratio for any colour (property, 2,000 colours)', () => {
    const hex = fc.integer({ min: 0, max: 0xffffff }).map((n) => `#${n.toString(16).padStart(6, '0')}`);
    fc.assert(
      fc.property(hex, (colour) => deriveBrandTheme(colour).pairs.every(reads)),
      { numRuns: 2_000 },
    );
  });

  it('reaches every ratio on other backgrounds too, dark ones included', () => {
    const hex = fc.integer({ min: 0, max: 0xffffff }).map((n) => `#${n.toString(16).padStart(6, '0')}`);
    const dark = fc.constantFrom({ page: '#111827', card: '#1f2937' }, { page: '#000000', card: '#0b0f19' });
    const light = fc.constantFrom({ page: '#ffffff', card: '#ffffff' }, { page: '#eef2ff', card: '#fafafa' });
    fc.assert(
      fc.property(hex, fc.oneof(dark, light), (colour, backgrounds) => deriveBrandTheme(colour, backgrounds).pairs.every(reads)),
      { numRuns: 500 },
    );
  });

  it('keeps a colour that already reads, and says nothing was adjusted', () => {
    const { theme, adjusted } = deriveBrandTheme('#1c3d7a');
    expect(theme).toMatchObject({ fill: '#1c3d7a', onFill: '#ffffff', text: '#1c3d7a', focus: '#1c3d7a', fillBorder: '#1c3d7a' });
    expect(adjusted).toEqual([]);
  });

  it('keeps Sunrise orange on its buttons with dark text, and darkens only its links', () => {
    const { theme, adjusted } = deriveBrandTheme('#E8590C');
    expect(theme.brand).toBe('#e8590c');
    expect(theme.fill).toBe('#e8590c');
    expect(theme.onFill).toBe('#111827');
    expect(theme.focus).toBe('#e8590c');
    expect(adjusted.map((a) => a.role)).toEqual(['text']);
    expect(ratio(theme.text, '#f5f7fb')).toBeGreaterThan(4.5);
  });

  it('moves only lightness, and no further than a text pair needs, so the brand still looks like itself', () => {
    for (const colour of ['#e8590c', '#ffd43b', '#12b886', '#7950f2', '#0d6efd']) {
      const { theme, pairs } = deriveBrandTheme(colour);
      const brand = oklchOf(colour);
      const text = oklchOf(theme.text);
      expect(Math.abs((text.h ?? 0) - (brand.h ?? 0))).toBeLessThan(6);
      expect(text.l).toBeLessThan(brand.l);
      // A step of lightness back toward the brand's and some text pair no longer reads.
      const textPairs = pairs.filter((pair) => pair.foreground === theme.text);
      const stepBack = atLightness(text, text.l + 0.01);
      expect(textPairs.some((pair) => ratio(stepBack, pair.background) <= pair.ratio)).toBe(true);
    }
  });

  it('gives a light colour a darker edge and focus ring, and keeps it as the fill', () => {
    const { theme, adjusted } = deriveBrandTheme('#ffd43b');
    expect(theme.fill).toBe('#ffd43b');
    expect(theme.onFill).toBe('#111827');
    expect(theme.fillBorder).not.toBe('#ffd43b');
    expect(ratio(theme.fillBorder, '#ffffff')).toBeGreaterThan(3);
    expect(adjusted.map((a) => a.role)).toEqual(['text', 'focus']);
  });

  it('falls back to the default colour when given something that is not a colour', () => {
    for (const bad of ['', 'red', '#12345', '#ggg000', 'url(x)', '#0d6efd; color: red']) {
      expect(deriveBrandTheme(bad).theme.brand).toBe(DEFAULT_BRAND_COLOUR);
    }
    expect(deriveBrandTheme('#abc').theme.brand).toBe('#aabbcc');
  });

  it('names each CSS variable the style sheets use', () => {
    expect(Object.keys(deriveBrandTheme('#e8590c').variables).sort()).toEqual(
      ['--brand', '--brand-fill', '--brand-fill-border', '--brand-focus', '--brand-on-fill', '--brand-text', '--brand-tint'].sort(),
    );
  });
});
