import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** axe-core's own build, evaluated in the page through the DevTools protocol (which the page's CSP does not govern). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe injected into the page's document, once per document. */
async function withAxe(page: Page): Promise<void> {
  if (!(await page.evaluate('typeof window.axe !== "undefined"'))) await page.evaluate(AXE_SOURCE);
}

/**
 * The serious and critical violations in the page, or in what `within` (a script naming an element)
 * gives, with axe's rules off by default that `enable` names, one line each: the rule and every
 * element it names, for a test's failure message.
 */
export async function seriousViolations(page: Page, { within = 'document', enable = [] }: { within?: string; enable?: string[] } = {}): Promise<string[]> {
  await withAxe(page);
  const rules = JSON.stringify(Object.fromEntries(enable.map((rule) => [rule, { enabled: true }])));
  return (await page.evaluate(
    `axe.run(${within}, { resultTypes: ['violations'], rules: ${rules} }).then((r) => r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id + ': ' + v.nodes.map((n) => n.target.join(' ')).join(', ')))`,
  )) as string[];
}

/** One axe rule a page breaks at serious or critical impact: how many elements, and the first of them. */
export interface AxeFinding {
  rule: string;
  impact: 'serious' | 'critical';
  nodes: number;
  /** The first failing element's CSS selector (axe's target; frames and shadow roots joined by a space). */
  target: string;
}

/** What one page showed at one width in one theme. */
export interface PageFindings {
  theme: string;
  area: string;
  page: string;
  width: number;
  findings: AxeFinding[];
}

/**
 * axe-core's serious and critical violations in the page, or in the part `within` selects (a CSS
 * selector). Moderate and minor ones are left out: the desk's bar (issue 29) is none serious or
 * critical. axe is injected once per document; after a resize it runs again on the same one.
 */
export async function seriousFindings(page: Page, within?: string): Promise<AxeFinding[]> {
  await withAxe(page);
  const context = within === undefined ? 'document' : JSON.stringify(within);
  return (await page.evaluate(
    `axe.run(${context}, { resultTypes: ['violations'] }).then((r) => r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ rule: v.id, impact: v.impact, nodes: v.nodes.length, target: v.nodes[0] ? v.nodes[0].target.flat().join(' ') : '' })))`,
  )) as AxeFinding[];
}

/** Findings summed: how many page-and-width checks showed the rule, and how many elements in all. */
export interface Tally {
  checks: number;
  nodes: number;
}

function tallyBy(results: readonly PageFindings[], key: (result: PageFindings, finding: AxeFinding) => string): Record<string, Tally> {
  const tallies: Record<string, Tally> = {};
  for (const result of results) {
    for (const finding of result.findings) {
      const tally = (tallies[key(result, finding)] ??= { checks: 0, nodes: 0 });
      tally.checks += 1;
      tally.nodes += finding.nodes;
    }
  }
  return tallies;
}

/** Serious and critical findings by axe rule. */
export const tallyByRule = (results: readonly PageFindings[]) => tallyBy(results, (_, finding) => finding.rule);

/** Serious and critical findings by theme and area (public, customer, admin, compliance). */
export const tallyByArea = (results: readonly PageFindings[]) => tallyBy(results, (result) => `${result.theme} / ${result.area}`);

/** Total failing elements. */
export const totalNodes = (results: readonly PageFindings[]) => results.reduce((sum, r) => sum + r.findings.reduce((s, f) => s + f.nodes, 0), 0);

/**
 * A Markdown table of every finding (one row per page, width and rule), then the tallies by rule and
 * by area: what the sweep prints, and what docs/accessibility.md records. Empty when nothing was found.
 */
export function findingsReport(results: readonly PageFindings[]): string {
  const rows = results.flatMap((r) =>
    r.findings.map(
      (f) => `| ${r.theme} | ${r.area} | ${r.page} | ${r.width} | ${f.rule} (${f.impact}) | ${f.nodes} | \`${f.target.replaceAll('|', '\\|')}\` |`,
    ),
  );
  if (rows.length === 0) return '';
  const tallyRows = (tallies: Record<string, Tally>) =>
    Object.entries(tallies)
      .sort(([, a], [, b]) => b.nodes - a.nodes)
      .map(([name, t]) => `| ${name} | ${t.checks} | ${t.nodes} |`);
  return [
    `${rows.length} serious or critical findings, ${totalNodes(results)} elements, over ${results.length} page checks`,
    '',
    '| theme | area | page | width | rule | elements | first element |',
    '|---|---|---|---|---|---|---|',
    ...rows,
    '',
    '| rule | page checks | elements |',
    '|---|---|---|',
    ...tallyRows(tallyByRule(results)),
    '',
    '| theme / area | page checks | elements |',
    '|---|---|---|',
    ...tallyRows(tallyByArea(results)),
  ].join('\n');
}
