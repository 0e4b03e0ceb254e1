import type { DerivedTheme } from '../../../theme/brand-theme';

const USES: Record<DerivedTheme['adjusted'][number]['role'], string> = {
  fill: 'buttons',
  text: 'links and brand-coloured text',
  focus: 'the keyboard focus outline',
};

/**
 * What the operator is told when their colour had to be adjusted to read (WCAG AA): which uses get
 * which colour instead, in words; null when every use keeps the colour as chosen.
 */
export function adjustmentWarning({ theme, adjusted }: Pick<DerivedTheme, 'theme' | 'adjusted'>): string | null {
  if (adjusted.length === 0) return null;
  const parts = adjusted.map(({ role, colour }) => `${USES[role]} will use ${colour}`);
  const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
  return `${theme.brand} is not readable enough everywhere on its own, so ${list}. These are the nearest shades that meet the accessibility contrast standard (WCAG AA).`;
}
