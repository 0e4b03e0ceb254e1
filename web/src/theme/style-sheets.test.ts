import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contrast } from './colour-space';
import { DEFAULT_BRAND_COLOUR, deriveBrandTheme } from './brand-theme';

/*
 * The style sheets against the theme: the default's values in styles.css are the derived ones, every
 * badge's text reads on its background (status badges in every area), and no rule paints text in the
 * brand's raw colour, which reads only on some brands.
 */
const SRC = join(import.meta.dirname, '..');
const sheets = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.css'))
  .map((file) => ({ file, text: readFileSync(join(SRC, file), 'utf8') }));
const root = sheets.find((sheet) => sheet.file === 'styles.css')!.text;

function rootVariable(name: string): string | undefined {
  return new RegExp(`^\\s*${name}:\\s*([^;]+);`, 'm').exec(root)?.[1]?.trim();
}
function resolve(value: string): string {
  const variable = /^var\((--[\w-]+)\)$/.exec(value.trim());
  return variable ? resolve(rootVariable(variable[1]!) ?? value) : value.trim();
}
interface Rule {
  file: string;
  selector: string;
  declarations: Map<string, string>;
}
const rules: Rule[] = sheets.flatMap(({ file, text }) =>
  [...text.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/([^{}]+)\{([^{}]*)\}/g)].map((match) => ({
    file,
    selector: match[1]!.trim(),
    declarations: new Map(
      match[2]!
        .split(';')
        .map((part) => part.split(':').map((s) => s.trim()))
        .filter((pair): pair is [string, string] => pair.length === 2 && pair[0] !== '')
        .map(([property, value]) => [property, value]),
    ),
  })),
);

describe('The style sheets', () => {
  it('hold the default brand theme as derived, for the moment before a brand is known', () => {
    const { variables } = deriveBrandTheme(DEFAULT_BRAND_COLOUR);
    for (const [name, value] of Object.entries(variables)) expect({ name, value: rootVariable(name) }).toEqual({ name, value });
  });

  it('give every badge text that reads on its background (4.5:1), status badges in every area included', () => {
    const base = rules.find((rule) => rule.selector === '.badge')!.declarations;
    const badges = rules.filter((rule) => /\.badge\.[\w-]/.test(rule.selector) && rule.declarations.has('color'));
    const statuses = ['pending', 'fiat_received', 'approved', 'crypto_sent', 'completed', 'rejected', 'cancelled', 'expired'];
    for (const status of statuses) expect(badges.some((rule) => rule.selector.includes(`.badge.${status}`))).toBe(true);
    const pairs = [base, ...badges.map((rule) => rule.declarations)].map((declarations) => ({
      color: resolve(declarations.get('color')!),
      background: resolve(declarations.get('background') ?? base.get('background')!),
    }));
    expect(pairs.length).toBeGreaterThan(10);
    for (const [i, pair] of pairs.entries()) {
      const selector = i === 0 ? '.badge' : badges[i - 1]!.selector;
      expect({ selector, ...pair, ratio: contrast(pair.color, pair.background) }).toSatisfy((p: { ratio: number }) => p.ratio > 4.5);
    }
  });

  it('paint no text in the brand’s raw colour (only decoration: edges, bars)', () => {
    const raw = rules.filter((rule) => /var\(--brand\)/.test(rule.declarations.get('color') ?? ''));
    expect(raw.map((rule) => `${rule.file}: ${rule.selector}`)).toEqual([]);
  });
});
