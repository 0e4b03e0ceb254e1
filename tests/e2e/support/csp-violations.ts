import type { Page } from 'playwright-core';

/**
 * Collects what the browser reports against the Content-Security-Policy on `page`, from now on:
 * Chromium's console lines ("Refused to load ... violates the following Content Security Policy
 * directive") and the page's `securitypolicyviolation` events (directive and blocked address).
 * The listener is installed through the DevTools protocol, which the policy does not govern.
 */
export async function watchCspViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(`console: ${message.text()}`);
  });
  await page.exposeFunction('__reportCspViolation', (report: string) => violations.push(`event: ${report}`));
  // A string: it runs in the page, and this file is type-checked without the DOM's types.
  await page.addInitScript(`document.addEventListener('securitypolicyviolation', (e) =>
    window.__reportCspViolation(e.effectiveDirective + ' blocked ' + (e.blockedURI || 'inline') + ' at ' + e.sourceFile + ':' + e.lineNumber))`);
  return violations;
}
