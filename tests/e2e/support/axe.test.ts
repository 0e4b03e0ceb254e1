/**
 * The sweep's axe helper in Debian's chromium: it reports what axe-core finds serious or critical on a
 * small page (low-contrast text, a button without a name), nothing on a clean one, only the part a
 * selector names, and the same again after a resize; its report counts by rule and by area.
 */
import { describe, expect } from 'vitest';
import { browserTest } from './browser-test';
import { findingsReport, seriousFindings, tallyByArea, tallyByRule, type PageFindings } from './axe';

const PAGE = `<!doctype html><html lang="en"><head><title>Sample</title></head><body><main>
  <h1>Sample</h1>
  <section id="faint"><p style="color:#aaa;background:#fff">Faint text</p><p style="color:#bbb;background:#fff">Fainter text</p></section>
  <section id="clean"><p style="color:#222;background:#fff">Readable text</p></section>
  <button id="unnamed"></button>
</main></body></html>`;

// The sample page, once per file (the second test goes on from it at another size).
const it = browserTest.extend('page', { scope: 'file' }, async ({ browser }) => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.setContent(PAGE);
  return page;
});

describe('axe findings in a real browser', () => {
  // The browser and the page start here, under a set-up's time (a test's own time is for the test).
  it.beforeAll(async ({ page }) => void page, 60_000);

  it('reports serious and critical rules with their element count and first element', async ({ page }) => {
    const findings = await seriousFindings(page);
    expect(findings).toEqual(
      expect.arrayContaining([
        { rule: 'color-contrast', impact: 'serious', nodes: 2, target: '#faint > p:nth-child(1)' },
        { rule: 'button-name', impact: 'critical', nodes: 1, target: '#unnamed' },
      ]),
    );
    expect(findings).toHaveLength(2);
  }, 30_000);

  it('looks only inside the part a selector names, and again after a resize', async ({ page }) => {
    expect(await seriousFindings(page, '#clean')).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    expect((await seriousFindings(page, '#faint')).map((f) => f.rule)).toEqual(['color-contrast']);
  }, 30_000);

  it('counts findings by rule and by area, and reports none as nothing', () => {
    const finding = (rule: string, nodes: number) => ({ rule, impact: 'serious' as const, nodes, target: '.x' });
    const results: PageFindings[] = [
      { theme: 'default', area: 'admin', page: '/admin/orders', width: 1280, findings: [finding('color-contrast', 3)] },
      { theme: 'default', area: 'admin', page: '/admin/orders', width: 390, findings: [finding('color-contrast', 2), finding('link-name', 1)] },
      { theme: 'sunrise', area: 'public', page: '/', width: 390, findings: [] },
    ];
    expect(tallyByRule(results)).toEqual({ 'color-contrast': { checks: 2, nodes: 5 }, 'link-name': { checks: 1, nodes: 1 } });
    expect(tallyByArea(results)).toEqual({ 'default / admin': { checks: 3, nodes: 6 } });
    const report = findingsReport(results);
    expect(report.split('\n')[0]).toBe('3 serious or critical findings, 6 elements, over 3 page checks');
    expect(report).toContain('| default | admin | /admin/orders | 390 | link-name (serious) | 1 | `.x` |');
    expect(findingsReport(results.slice(2))).toBe('');
  });
});
