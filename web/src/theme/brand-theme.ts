/*
 * A brand's theme, derived from its one colour so that every pair it paints reads (WCAG 2 AA): text
 * 4.5:1, the focus ring and a button's edge 3:1. A colour is moved only in OKLCH lightness and only as
 * far as a pair needs; the brand's colour itself stays for what is decoration (a rate card's top edge,
 * chart bars, the browser's theme colour). Pure: the page's backgrounds come in, CSS variables go out.
 */
import { atLightness, contrast, normaliseHex, oklchOf } from './colour-space';
import { CONTRAST_MARGIN, reachContrast } from './reach-contrast';

export const DEFAULT_BRAND_COLOUR = '#0d6efd';

/** The backgrounds brand colours sit on: the page's grey and the cards' white (styles.css). */
export const HOUSE_BACKGROUNDS = { page: '#f5f7fb', card: '#ffffff' } as const;

/** Text on a filled button: white first (as brands mostly show it), else the house's near-black. */
export const LIGHT_INK = '#ffffff';
export const DARK_INK = '#111827';

export const TEXT_RATIO = 4.5;
export const NON_TEXT_RATIO = 3;

export interface Backgrounds {
  page: string;
  card: string;
}

export interface BrandTheme {
  /** The colour given (or the default when it is not a colour), as #rrggbb. */
  brand: string;
  /** Filled buttons, the avatar, the landing's banner. */
  fill: string;
  /** Text on the fill. */
  onFill: string;
  /** A filled button's edge: the fill when it stands out from the backgrounds, else darker. */
  fillBorder: string;
  /** Links and brand-coloured text, on the page, on cards and on the tint. */
  text: string;
  /** The keyboard focus ring. */
  focus: string;
  /** The light background of the active menu item, the open tab and brand badges. */
  tint: string;
}

export type ThemeRole = keyof Omit<BrandTheme, 'brand'>;

export interface ThemePair {
  /** What the pair is, in the operator's words. */
  name: string;
  foreground: string;
  background: string;
  /** The WCAG ratio it has to reach. */
  ratio: number;
}

export interface DerivedTheme {
  theme: BrandTheme;
  /** CSS custom properties to set on the document. */
  variables: Record<string, string>;
  /** Every pair the theme paints, with the ratio each must reach. */
  pairs: ThemePair[];
  /** The roles whose colour is not the brand's own, because the brand's would not read there. */
  adjusted: { role: 'fill' | 'text' | 'focus'; colour: string }[];
}

/** The theme of a brand colour on the given backgrounds (the house's by default). */
export function deriveBrandTheme(colour: string, backgrounds: Backgrounds = HOUSE_BACKGROUNDS): DerivedTheme {
  const brand = normaliseHex(colour) ?? DEFAULT_BRAND_COLOUR;
  const surfaces = [backgrounds.page, backgrounds.card];
  const { fill, onFill } = fillAndInk(brand);
  const fillBorder = reachContrast(fill, surfaces, NON_TEXT_RATIO).colour;
  const tint = tintOf(brand, backgrounds.page);
  const text = reachContrast(brand, [...surfaces, tint], TEXT_RATIO).colour;
  const focus = reachContrast(brand, surfaces, NON_TEXT_RATIO).colour;
  const theme: BrandTheme = { brand, fill, onFill, fillBorder, text, focus, tint };
  return { theme, variables: variablesOf(theme), pairs: pairsOf(theme, backgrounds), adjusted: adjustedRoles(theme) };
}

/**
 * The fill keeps the brand's colour when white or near-black text reads on it; otherwise its
 * lightness moves (darker under white, lighter under near-black, whichever is the smaller move).
 */
function fillAndInk(brand: string): { fill: string; onFill: string } {
  const unchanged = [LIGHT_INK, DARK_INK].find((ink) => contrast(ink, brand) >= TEXT_RATIO + CONTRAST_MARGIN);
  if (unchanged) return { fill: brand, onFill: unchanged };
  const options = [LIGHT_INK, DARK_INK].map((ink) => ({ ink, ...reachContrast(brand, [ink], TEXT_RATIO) }));
  const chosen = options.sort((a, b) => a.shift - b.shift)[0]!;
  return { fill: chosen.colour, onFill: chosen.ink };
}

/**
 * A wash of the brand's hue with a little of its chroma, near the page's own lightness (pale on a
 * light page, deep on a dark one) so that the brand's text reads on it as it does on the page.
 */
function tintOf(brand: string, page: string): string {
  const colour = oklchOf(brand);
  const lightPage = oklchOf(page).l > 0.6;
  return atLightness({ ...colour, c: Math.min(colour.c ?? 0, 0.045) }, lightPage ? 0.955 : 0.3);
}

function variablesOf(theme: BrandTheme): Record<string, string> {
  return {
    '--brand': theme.brand,
    '--brand-fill': theme.fill,
    '--brand-on-fill': theme.onFill,
    '--brand-fill-border': theme.fillBorder,
    '--brand-text': theme.text,
    '--brand-focus': theme.focus,
    '--brand-tint': theme.tint,
  };
}

function pairsOf(theme: BrandTheme, backgrounds: Backgrounds): ThemePair[] {
  const on = (name: string, foreground: string, background: string, ratio: number): ThemePair => ({ name, foreground, background, ratio });
  return [
    on('Button text', theme.onFill, theme.fill, TEXT_RATIO),
    on('Links on the page', theme.text, backgrounds.page, TEXT_RATIO),
    on('Links on a card', theme.text, backgrounds.card, TEXT_RATIO),
    on('Active menu item and badges', theme.text, theme.tint, TEXT_RATIO),
    on('Focus ring on the page', theme.focus, backgrounds.page, NON_TEXT_RATIO),
    on('Focus ring on a card', theme.focus, backgrounds.card, NON_TEXT_RATIO),
    on('Button edge on the page', theme.fillBorder, backgrounds.page, NON_TEXT_RATIO),
    on('Button edge on a card', theme.fillBorder, backgrounds.card, NON_TEXT_RATIO),
  ];
}

function adjustedRoles(theme: BrandTheme): DerivedTheme['adjusted'] {
  const roles = ['fill', 'text', 'focus'] as const;
  return roles.filter((role) => theme[role] !== theme.brand).map((role) => ({ role, colour: theme[role] }));
}

/** The lowest ratio among the theme's pairs against what each must reach (1 or more when all read). */
export function worstPair(pairs: readonly ThemePair[]): { pair: ThemePair; measured: number } {
  const measured = pairs.map((pair) => ({ pair, measured: contrast(pair.foreground, pair.background) }));
  return measured.sort((a, b) => a.measured / a.pair.ratio - b.measured / b.pair.ratio)[0]!;
}
