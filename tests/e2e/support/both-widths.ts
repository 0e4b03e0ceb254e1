import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, resizeTo, screenshot } from './browser';

/** A phone's window: every screen fits it as well as the laptop's (the desks' sidebar slides away below 992 px). */
export const PHONE_WIDTH = { width: 390, height: 844 };

export type Viewport = { width: number; height: number };

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
