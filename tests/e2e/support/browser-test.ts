/**
 * A test API with `browser` alone (Debian's chromium, once per file, closed when the file ends), for the
 * browser tests that need no `npm start`: they serve their own page. The others take e2e-fixtures.ts,
 * which starts the server and the browser together.
 */
import { test } from 'vitest';
import { launchBrowser } from './browser';

// vitest reads a fixture's needs from its first parameter, which must be a destructuring: none here.
// eslint-disable-next-line no-empty-pattern
export const browserTest = test.extend('browser', { scope: 'file' }, async ({}, { onCleanup }) => {
  const browser = await launchBrowser();
  onCleanup(() => browser.close());
  return browser;
});
