import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { e2eServicePort, serviceCall } from './support/stack';

const docsUrl = `http://localhost:${e2eServicePort}/docs`;

/** Aborts and records every request that leaves this machine: the page must work offline. */
async function offline(page: Page): Promise<string[]> {
  const outside: string[] = [];
  await page.context().route('**/*', async (route) => {
    const { hostname, protocol } = new URL(route.request().url());
    if (protocol === 'data:' || protocol === 'blob:' || hostname === 'localhost' || hostname === '127.0.0.1') return route.continue();
    outside.push(route.request().url());
    return route.abort();
  });
  return outside;
}

async function seriousViolations(page: Page): Promise<string[]> {
  // Transitions finished first (the menu fading in, a field's label moving up as its value arrives), so axe
  // sees the colours people see: mid-transition, the program field's label once failed colour contrast.
  await page.waitForTimeout(400);
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1);
}

test('the help menu links to the API reference, which renders the service’s document offline and accessibly', async ({ page }) => {
  // Two pages, two widths and three axe scans: more than the default minute on a busy machine.
  test.setTimeout(120_000);
  const outside = await offline(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/enroll');
  await page.getByRole('button', { name: 'Help' }).click();
  const reference = page.getByRole('menuitem', { name: /API reference/ });
  await expect(reference).toHaveAttribute('href', docsUrl);
  await expect(reference).toHaveAttribute('target', '_blank');
  await expect(page.getByRole('menuitem', { name: /OpenAPI document/ })).toHaveAttribute('href', `http://localhost:${e2eServicePort}/openapi.json`);
  await page.screenshot({ path: '/tmp/api-reference-1-help-menu-1440.png', animations: 'disabled' });
  expect(await seriousViolations(page)).toEqual([]);

  const [docs] = await Promise.all([page.context().waitForEvent('page'), reference.click()]);
  await docs.setViewportSize({ width: 1440, height: 900 });
  await expect(docs).toHaveURL(docsUrl);
  await expect(docs).toHaveTitle('API reference · Loyalty platform');
  await expect(docs.getByRole('heading', { name: /Loyalty platform API/ })).toBeVisible();
  // Operations of the real API and our extensions, from the document the service generates.
  await expect(docs.getByText('Add Member', { exact: true }).first()).toBeVisible();
  await expect(docs.getByText('/v1/loyalties/{campaignId}/members', { exact: true }).first()).toBeVisible();
  await expect(docs.getByText('/_local/clock', { exact: true }).first()).toBeVisible();
  await docs.screenshot({ path: '/tmp/api-reference-2-docs-1440.png', animations: 'disabled' });

  // An operation opens with its parameters and responses.
  await docs.getByRole('button', { name: /POST \/v1\/loyalties\/\{campaignId\}\/members/ }).first().click();
  await expect(docs.getByRole('heading', { name: 'Responses' }).first()).toBeVisible();
  await expect(docs.getByText('Invalid input: the error object names the offending field', { exact: false }).first()).toBeVisible();
  await docs.screenshot({ path: '/tmp/api-reference-3-operation-1440.png', animations: 'disabled' });
  expect(await seriousViolations(docs)).toEqual([]);
  expect(await scrollsSideways(docs)).toBe(false);

  await docs.setViewportSize({ width: 390, height: 844 });
  await docs.reload();
  await expect(docs.getByRole('heading', { name: /Loyalty platform API/ })).toBeVisible();
  await docs.screenshot({ path: '/tmp/api-reference-4-docs-390.png', animations: 'disabled' });
  expect(await scrollsSideways(docs)).toBe(false);
  expect(await seriousViolations(docs)).toEqual([]);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Help' }).click();
  await expect(page.getByRole('menuitem', { name: /API reference/ })).toBeVisible();
  await page.screenshot({ path: '/tmp/api-reference-5-help-menu-390.png', animations: 'disabled' });

  expect(outside).toEqual([]);
});

test('the demo stack serves the project clock, and the document lists it', async () => {
  // `npm start` on the embedded demo: LOCAL_CONTROL defaults on.
  const before = await serviceCall('GET', '/_local/clock');
  expect(before.status).toBe(200);
  const moved = await serviceCall('POST', '/_local/clock', { advance_seconds: 60 });
  expect(moved.body.offset_seconds).toBe(before.body.offset_seconds + 60);
  expect((await serviceCall('DELETE', '/_local/clock')).body.offset_seconds).toBe(0);
  const document = await (await fetch(`http://127.0.0.1:${e2eServicePort}/openapi.json`)).json();
  expect(Object.keys(document.paths['/_local/clock'])).toEqual(['get', 'post', 'delete']);
});
