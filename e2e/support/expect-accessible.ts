import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * The page in `state` at `width` px: no serious or critical axe violation, nothing scrolling
 * sideways, and a full-page screenshot in `shots` to look at.
 */
export async function expectAccessible(page: Page, shots: string, state: string, width: number): Promise<void> {
  // Transitions finished (menus, dialogs fading in), so axe sees the colours people see.
  await page.waitForTimeout(400);
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${state}: ${v.id}: ${v.nodes.map((n) => n.html.slice(0, 160)).join(' | ')}`)).toEqual([]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${state} scrolls sideways at ${width}px`).toBeLessThanOrEqual(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${shots}/${state}-${width}.png`, fullPage: true });
}
