import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, resizeTo, screenshot } from './browser';
import { seriousFindings } from './axe';

/** A phone's window: every screen fits it as well as the laptop's (the desks' sidebar slides away below 992 px). */
export const PHONE_WIDTH = { width: 390, height: 844 };

export type Viewport = { width: number; height: number };

/** The laptop the public pages are read at (the accessibility sweep's). */
export const LAPTOP = { width: 1280, height: 800 };

/** Whether the document is wider than the part of the window it can use (the public pages' measure). */
export const scrollsSideways = (page: Page) => page.evaluate('document.documentElement.scrollWidth > document.documentElement.clientWidth') as Promise<boolean>;

/**
 * The public pages' check: at 1280×800, then 390×844 (where it leaves the page), nothing scrolls
 * sideways, axe finds nothing serious (in `within` when given), then `beforeShot` and a screenshot.
 */
export async function readsAtBothSizes(
  page: Page,
  suite: string,
  name: string,
  { within, beforeShot, fullPage }: { within?: string; beforeShot?: () => Promise<void>; fullPage?: boolean } = {},
): Promise<void> {
  for (const viewport of [LAPTOP, PHONE_WIDTH]) {
    await resizeTo(page, viewport);
    expect(await scrollsSideways(page), `${name} at ${viewport.width} px`).toBe(false);
    expect(await seriousFindings(page, within), `axe on ${name} at ${viewport.width} px`).toEqual([]);
    await beforeShot?.();
    await screenshot(page, suite, name, fullPage);
  }
}

/** How many pixels the page is wider than its window (0 or less: nothing scrolls sideways). */
export async function sidewaysOverflow(page: Page): Promise<number> {
  return (await page.evaluate('document.documentElement.scrollWidth - window.innerWidth')) as number;
}

/**
 * At 390 px, then 1280 px (where it leaves the page): nothing scrolls sideways, `alsoAt` checks what
 * else the file needs at that width, and a screenshot goes to tests/e2e/screenshots/<suite>.
 */
export async function fitsBothWidths(page: Page, suite: string, name: string, alsoAt?: (viewport: Viewport) => Promise<void>): Promise<void> {
  for (const viewport of [PHONE_WIDTH, DESKTOP]) {
    await resizeTo(page, viewport);
    expect(await sidewaysOverflow(page), `${name} at ${viewport.width} px`).toBeLessThanOrEqual(0);
    await alsoAt?.(viewport);
    await screenshot(page, suite, name);
  }
}
