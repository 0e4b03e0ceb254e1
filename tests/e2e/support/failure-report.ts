import type { Page } from 'playwright-core';

/** The most of the server's output a failure prints: its last lines are the ones that explain. */
const SERVER_OUTPUT_TAIL = 6_000;

/**
 * What the pages a browser test opened saw go wrong: API answers of 400 and above, failed requests,
 * errors thrown in the page and console errors. A test that fails on a loaded CI machine otherwise
 * leaves only "waited 30 s for a locator"; with these and the server's output since the test began,
 * the cause is in the failure itself.
 */
export class PageJournal {
  private readonly entries: string[] = [];

  /** Notes what goes wrong on `page` from now on. */
  watch(page: Page): void {
    const note = (line: string) => this.entries.push(`${new Date().toISOString()} ${line}`);
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (response.status() >= 400 && pathname.startsWith('/api/')) note(`${response.status()} ${response.request().method()} ${pathname}`);
    });
    page.on('requestfailed', (request) => note(`failed ${request.method()} ${request.url()}: ${request.failure()?.errorText ?? ''}`));
    page.on('pageerror', (error) => note(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') note(`console error: ${message.text()}`);
    });
  }

  /** Where the journal stands, to print only what came after. */
  mark(): number {
    return this.entries.length;
  }

  since(mark: number): string[] {
    return this.entries.slice(mark);
  }
}

/** The report a failed test prints: the pages' journal and the server's output since it began. */
export function failureReport(journal: readonly string[], serverOutput: string): string {
  const tail = serverOutput.length > SERVER_OUTPUT_TAIL ? `…${serverOutput.slice(-SERVER_OUTPUT_TAIL)}` : serverOutput;
  return [
    'What the pages saw go wrong:',
    ...(journal.length > 0 ? journal.map((line) => `  ${line}`) : ['  nothing']),
    "The server's output during the test:",
    tail.trim() === '' ? '  nothing' : tail,
  ].join('\n');
}
