/**
 * Issue 29's accessibility sweep in Debian's chromium against one fresh `npm start`: every main page
 * of the router (public, customer, admin, compliance) at 1280×800 and 390×844, in the operator's
 * default theme and on two brands' own hosts in their colours (a light yellow and a saturated
 * orange, the two a derived theme finds hardest), and the public and customer pages in Hindi, read
 * by axe-core. Any serious or critical finding fails it, with a table of them (rule, elements, the
 * first element). docs/accessibility.md says how to run it and records its counts.
 */
import { describe, expect } from 'vitest';
import { e2eTestWith } from './support/e2e-fixtures';
import { findingsReport, type PageFindings } from './support/axe';
import { BRANDS, buildSweepWorld, OPERATOR, type BrandKey } from './support/axe-world';
import { brandPages, hindiPages, operatorPages } from './support/axe-pages';
import { sweep } from './support/axe-sweep';

const it = e2eTestWith({ ADMIN_PHONE: OPERATOR.phone, ADMIN_PASSWORD: OPERATOR.password }, { hosts: Object.values(BRANDS).map((b) => b.host) })
  // The sweep's accounts, brands and orders, once per file.
  .extend('world', { scope: 'file' }, ({ server }) => buildSweepWorld(server))
  // Every page check of the file, printed as one table when the file ends.
  // vitest reads a fixture's needs from its first parameter, which must be a destructuring: none here.
  // eslint-disable-next-line no-empty-pattern
  .extend('all', { scope: 'file' }, ({}, { onCleanup }) => {
    const all: PageFindings[] = [];
    onCleanup(() => {
      if (all.length > 0)
        process.stdout.write(`\naccessibility sweep: ${all.length} page checks\n${findingsReport(all) || 'no serious or critical finding'}\n`);
    });
    return all;
  });

describe('every main page reads well for every user (axe-core, both sizes, three themes)', () => {
  // The desk and the sweep's world start here, under a set-up's time (a test's own time is for the test).
  it.beforeAll(async ({ world }) => void world, 150_000);

  it('finds nothing serious in the default theme, on every page of every area', async ({ server, browser, world, all }) => {
    const pages = operatorPages(world);
    expect(pages.length).toBeGreaterThanOrEqual(40);
    const results = await sweep(browser, 'default', server.base, pages, {
      customer: world.tokens.customer,
      admin: world.tokens.operator,
      officer: world.tokens.officer,
    });
    all.push(...results);
    expect(findingsReport(results)).toBe('');
  }, 240_000);

  for (const brand of Object.keys(BRANDS) as BrandKey[]) {
    it(`finds nothing serious on ${BRANDS[brand].name}'s host in its colour ${BRANDS[brand].colour}`, async ({ server, browser, world, all }) => {
      const base = server.base.replace('127.0.0.1', BRANDS[brand].host);
      const results = await sweep(browser, brand, base, brandPages(world, brand), {
        customer: world.tokens.brandCustomer[brand],
        admin: world.tokens.brandAdmin[brand],
      });
      all.push(...results);
      expect(findingsReport(results)).toBe('');
    }, 240_000);
  }

  // Last: the customer's language goes with their account once chosen (the other themes read English).
  it('finds nothing serious in Hindi, on the public pages and the customer area', async ({ server, browser, world, all }) => {
    const results = await sweep(browser, 'hindi', server.base, hindiPages(world), { customer: world.tokens.customer }, 'hi');
    all.push(...results);
    expect(findingsReport(results)).toBe('');
  }, 240_000);
});
