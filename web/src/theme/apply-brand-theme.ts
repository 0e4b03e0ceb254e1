import { deriveBrandTheme } from './brand-theme';

/**
 * Sets a brand's theme on the document (its CSS variables and the browser's theme colour) and
 * answers the colour it was derived from. styles.css holds the default theme's values for the
 * moment before the brand is known.
 */
export function applyBrandTheme(colour: string, root: HTMLElement = document.documentElement): string {
  const { theme, variables } = deriveBrandTheme(colour);
  for (const [name, value] of Object.entries(variables)) root.style.setProperty(name, value);
  root.ownerDocument.querySelector('meta[name="theme-color"]')?.setAttribute('content', theme.brand);
  return theme.brand;
}
