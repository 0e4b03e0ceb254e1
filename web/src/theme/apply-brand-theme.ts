import { deriveBrandTheme } from './brand-theme';

/** The last colour's theme: every area's layout and the brand mark apply the brand's theme as they mount, nearly always for the same colour. */
let last: { colour: string; derived: ReturnType<typeof deriveBrandTheme> } | null = null;

/**
 * Sets a brand's theme on the document (its CSS variables and the browser's theme colour) and
 * answers the colour it was derived from. styles.css holds the default theme's values for the
 * moment before the brand is known. Deriving a theme walks lightness step by step (up to ~5 ms for
 * a light yellow), so the last one is kept rather than derived again on each page.
 */
export function applyBrandTheme(colour: string, root: HTMLElement = document.documentElement): string {
  if (last?.colour !== colour) last = { colour, derived: deriveBrandTheme(colour) };
  const { theme, variables } = last.derived;
  for (const [name, value] of Object.entries(variables)) root.style.setProperty(name, value);
  root.ownerDocument.querySelector('meta[name="theme-color"]')?.setAttribute('content', theme.brand);
  return theme.brand;
}
