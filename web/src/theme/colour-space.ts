/*
 * The colour maths of brand themes, on culori (a well-kept colour library): converting to OKLCH and
 * back, mapping a colour into the sRGB gamut the CSS Color 4 way, and WCAG 2 contrast. Hand-written
 * OKLCH matrices and gamut mapping would be a copy of it with fewer tests. Only the modes used here
 * are registered (culori/fn), so the page carries a few kilobytes of it, not the whole library.
 */
import { formatHex, modeLrgb, modeOklab, modeOklch, modeRgb, parseHex, toGamut, useMode as registerMode, wcagContrast, type Oklch } from 'culori/fn';

// culori's useMode is no React hook: named for what it does, which the hooks lint reads right too.
registerMode(modeRgb);
registerMode(modeLrgb);
registerMode(modeOklab);
const toOklchMode = registerMode(modeOklch);
const intoSrgb = toGamut('rgb', 'oklch');

/** A colour written #rgb or #rrggbb, lower case and six digits; undefined for anything else. */
export function normaliseHex(colour: string): string | undefined {
  const text = colour.trim();
  if (!/^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(text)) return undefined;
  const parsed = parseHex(text);
  return parsed ? formatHex(parsed) : undefined;
}

/** The colour in OKLCH: perceptual lightness l (0–1), chroma c and hue h. */
export function oklchOf(hex: string): Oklch {
  const colour = toOklchMode(hex);
  if (!colour) throw new Error(`not a colour: ${hex}`);
  return colour;
}

/** The colour at another OKLCH lightness, same hue and chroma as far as sRGB can show them, as #rrggbb. */
export function atLightness(colour: Oklch, lightness: number): string {
  return formatHex(intoSrgb({ ...colour, l: Math.min(1, Math.max(0, lightness)) }));
}

/** WCAG 2 contrast ratio of two colours (1 to 21). */
export function contrast(a: string, b: string): number {
  return wcagContrast(a, b);
}
