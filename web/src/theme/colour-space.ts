/*
 * The colour maths of brand themes. Conversions to and from OKLCH are culori's (a well-kept colour
 * library), imported as its bare conversion functions: registering culori's colour modes would bring
 * every CSS colour syntax's parser and the named colours onto the landing page (8 kB gzipped instead
 * of about 3). What is left here is small and written out: WCAG 2's contrast of two sRGB colours, and
 * CSS Color 4's gamut mapping (as culori's toGamut does it) on those functions.
 */
import { convertLabToLch, convertLchToLab, convertOklabToRgb, convertRgbToLrgb, convertRgbToOklab, parseHex } from 'culori/fn';

export interface Oklch {
  /** Perceptual lightness, 0 (black) to 1 (white). */
  l: number;
  /** Chroma: 0 is grey. */
  c: number;
  /** Hue angle in degrees (undefined for a grey). */
  h?: number;
}

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** #rrggbb of an sRGB colour (channels 0–1, clipped): culori's formatter would bring its parsers too. */
function serializeHex({ r, g, b }: { r: number; g: number; b: number }): string {
  const byte = (channel: number) => Math.round(Math.min(1, Math.max(0, channel || 0)) * 255);
  return `#${((1 << 24) | (byte(r) << 16) | (byte(g) << 8) | byte(b)).toString(16).slice(1)}`;
}

function rgbOf(hex: string) {
  const rgb = HEX.test(hex) ? parseHex(hex) : undefined;
  if (!rgb) throw new Error(`not a colour: ${hex}`);
  return rgb;
}

/** A colour written #rgb or #rrggbb, lower case and six digits; undefined for anything else. */
export function normaliseHex(colour: string): string | undefined {
  const text = colour.trim();
  return HEX.test(text) ? serializeHex(rgbOf(text)) : undefined;
}

/** The colour in OKLCH. */
export function oklchOf(hex: string): Oklch {
  const { l, c, h } = convertLabToLch(convertRgbToOklab(rgbOf(hex)));
  return { l, c, h };
}

/** Slack for the conversions' rounding at the edges of sRGB. */
const EDGE = 1e-6;
/** CSS Color 4's gamut mapping: a just-noticeable difference in OKLab, and the chroma resolution. */
const JND = 0.02;
const CHROMA_STEP = 0.0001;

type Rgb = ReturnType<typeof convertOklabToRgb>;

function rgbAt(colour: Oklch): Rgb {
  return convertOklabToRgb(convertLchToLab({ l: colour.l, c: colour.c, h: colour.h ?? 0 }));
}

function inSrgb(rgb: Rgb): boolean {
  return [rgb.r, rgb.g, rgb.b].every((channel) => channel >= -EDGE && channel <= 1 + EDGE);
}

function clip(rgb: Rgb): Rgb {
  const clamp = (channel: number) => Math.min(1, Math.max(0, channel));
  return { ...rgb, r: clamp(rgb.r), g: clamp(rgb.g), b: clamp(rgb.b) };
}

/** deltaEOK: how far apart two colours look, as distance in OKLab. */
function distance(colour: Oklch, rgb: Rgb): number {
  const a = convertLchToLab({ l: colour.l, c: colour.c, h: colour.h ?? 0 });
  const b = convertRgbToOklab(rgb);
  return Math.hypot(a.l - b.l, a.a - b.a, a.b - b.b);
}

/**
 * The colour at another OKLCH lightness, its hue kept, brought into sRGB the CSS Color 4 way (as the
 * browser shows oklch() colours): chroma lowered by halving until the colour, or its clipped self
 * when that looks no different, fits. Returned as #rrggbb.
 */
export function atLightness(colour: Oklch, lightness: number): string {
  const candidate = { ...colour, l: Math.min(1, Math.max(0, lightness)) };
  if (candidate.l >= 1) return '#ffffff';
  if (candidate.l <= 0) return '#000000';
  if (inSrgb(rgbAt(candidate))) return serializeHex(rgbAt(candidate));
  let [low, high] = [0, candidate.c];
  while (high - low > CHROMA_STEP) {
    candidate.c = (low + high) / 2;
    const rgb = rgbAt(candidate);
    if (inSrgb(rgb) || distance(candidate, clip(rgb)) <= JND) low = candidate.c;
    else high = candidate.c;
  }
  const rgb = rgbAt(candidate);
  return serializeHex(inSrgb(rgb) ? rgb : clip(rgb));
}

/** WCAG 2 relative luminance of an sRGB colour (culori's linear light, weighted as WCAG says). */
function luminance(hex: string): number {
  const { r, g, b } = convertRgbToLrgb(rgbOf(hex));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}
