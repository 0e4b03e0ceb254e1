import { atLightness, contrast, oklchOf } from './colour-space';

/*
 * axe-core fails a pair unless its ratio is strictly above the threshold (4.5 exactly fails), and the
 * #rrggbb rounding moves a ratio by a few hundredths: every pair aims this much above its threshold.
 */
export const CONTRAST_MARGIN = 0.05;

/** The steps of OKLCH lightness tried, 0.5 % apart: fine enough to stop just past the threshold. */
const STEP = 0.005;

export interface Reached {
  /** The colour as close to the given one as reaches the ratio (the given one when it already does). */
  colour: string;
  /** How far its OKLCH lightness moved (0 when unchanged). */
  shift: number;
}

/** The lowest contrast of a colour against any of the backgrounds. */
export function lowestContrast(colour: string, backgrounds: readonly string[]): number {
  return Math.min(...backgrounds.map((background) => contrast(colour, background)));
}

/**
 * Moves a colour's lightness, darker or lighter whichever is nearer, until it reaches `ratio` (plus
 * the margin) against every background; hue and chroma are kept as far as sRGB allows, so the brand
 * still looks like itself. Black or white is the last step of each way, so against backgrounds that
 * are all light (or all dark) a colour is always found.
 */
export function reachContrast(colour: string, backgrounds: readonly string[], ratio: number): Reached {
  const wanted = ratio + CONTRAST_MARGIN;
  if (lowestContrast(colour, backgrounds) >= wanted) return { colour, shift: 0 };
  const start = oklchOf(colour);
  const ways = [-1, 1].map((direction) => walk(start, direction, backgrounds, wanted));
  const found = ways.filter((way): way is Reached => way !== undefined).sort((a, b) => a.shift - b.shift);
  if (found[0]) return found[0];
  // Backgrounds both light and dark may allow no colour at all: the better of black and white.
  const ends = ['#000000', '#ffffff'].sort((a, b) => lowestContrast(b, backgrounds) - lowestContrast(a, backgrounds));
  return { colour: ends[0]!, shift: 1 };
}

/** Past this many steps every lightness is black or white. */
const LAST_STEP = Math.ceil(1 / STEP) + 1;
/** Steps taken ten at a time first, then one at a time back: about 30 shades tried instead of 200. */
const STRIDE = 10;

/** The nearest shade one way (darker: -1, lighter: 1) that reads, or undefined if even black or white does not. */
function walk(start: ReturnType<typeof oklchOf>, direction: number, backgrounds: readonly string[], wanted: number): Reached | undefined {
  const shade = (step: number) => atLightness(start, start.l + direction * step * STEP);
  const reads = (step: number) => lowestContrast(shade(step), backgrounds) >= wanted;
  // When even black (or white) does not read, no shade this way does: no walk.
  if (!reads(LAST_STEP)) return undefined;
  let [before, step] = [0, Math.min(STRIDE, LAST_STEP)];
  while (step < LAST_STEP && !reads(step)) [before, step] = [step, Math.min(step + STRIDE, LAST_STEP)];
  if (!reads(step)) return undefined;
  for (let nearer = before + 1; nearer < step; nearer++) if (reads(nearer)) return { colour: shade(nearer), shift: nearer * STEP };
  return { colour: shade(step), shift: step * STEP };
}
