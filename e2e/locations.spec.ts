import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { serviceCall } from './support/stack';

/** The demo project's locations around Amsterdam: 8 circles and 6 polygons; Dam Square pop-up ended on 30 Sep 2026. */
const shapesDrawn = (page: Page) => page.getByRole('status').filter({ hasText: 'drawn' });
const list = (page: Page) => page.getByRole('listbox', { name: 'Locations' });

async function locationId(name: string): Promise<string> {
  const res = await serviceCall('GET', `/v1/locations?filters[name][conditions][$is]=${encodeURIComponent(name)}`);
  expect(res.body.data).toHaveLength(1);
  return res.body.data[0].id as string;
}

async function shapePoint(page: Page, id: string): Promise<{ x: number; y: number }> {
  const point = await page.evaluate((shapeId) => (window as unknown as { __locationMap: { pointOf(id: string): { x: number; y: number } | null } }).__locationMap.pointOf(shapeId), id);
  expect(point).not.toBeNull();
  return point!;
}

async function expectAccessible(page: Page) {
  // Transitions finished (menus, labels moving up as values arrive), so axe sees the colours people see.
  await page.waitForTimeout(400);
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 160)).join(' | ')}`)).toEqual([]);
}

/** Clicks a shape where Leaflet drew it on the canvas (the page exposes the pixel to automated browsers). */
async function clickShape(page: Page, id: string): Promise<void> {
  const point = await shapePoint(page, id);
  await page.mouse.click(point.x, point.y);
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto('/locations');
  await expect(page.getByRole('heading', { level: 1, name: 'Locations' })).toBeVisible();
});

test("draws the demo's 8 circles and 6 polygons on a map without tiles, with the list beside it", async ({ page }) => {
  await expect(shapesDrawn(page)).toHaveText('14 shapes drawn: 8 circles, 6 polygons');
  await expect(list(page).getByRole('option')).toHaveCount(14);
  await expect(page.getByText('14 locations')).toBeVisible();
  // No tile server: a scale bar on a plain background, and not a single tile request.
  await expect(page.getByRole('region', { name: 'Locations map' }).locator('.leaflet-control-scale')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Locations map' }).locator('img.leaflet-tile')).toHaveCount(0);
  const canvas = page.getByRole('region', { name: 'Locations map' }).locator('canvas');
  await expect(canvas).toHaveCount(1);
  await expect(list(page).getByRole('option', { name: /Canal ring delivery zone/ })).toContainText('Polygon · 7 points');
  await expect(list(page).getByRole('option', { name: /Centraal Station kiosk/ })).toContainText('Circle · 1.54 km');
  await page.screenshot({ path: '/tmp/locations-all.png' });
});

test('clicking a shape on the map selects its row; selecting a row highlights its shape', async ({ page }) => {
  await expect(shapesDrawn(page)).toHaveText(/^14 shapes/);
  // Two shapes whose centres no other shape covers (the demo's northern polygons overlap).
  const westerpark = await locationId('Westerpark area');
  await clickShape(page, westerpark);
  const polygonRow = list(page).getByRole('option', { name: /Westerpark area/ });
  await expect(polygonRow).toHaveAttribute('aria-selected', 'true');
  await expect(list(page).getByRole('option', { selected: true })).toHaveCount(1);

  const oost = await locationId('Oost market');
  await clickShape(page, oost);
  await expect(list(page).getByRole('option', { name: /Oost market/ })).toHaveAttribute('aria-selected', 'true');
  await expect(polygonRow).toHaveAttribute('aria-selected', 'false');
  await page.screenshot({ path: '/tmp/locations-shape-clicked.png' });

  // From the list: the row is selected and the map zooms in to the shape (a smaller scale).
  const scale = page.getByRole('region', { name: 'Locations map' }).locator('.leaflet-control-scale-line').first();
  const before = await scale.textContent();
  await list(page).getByRole('option', { name: /Museum quarter/ }).click();
  await expect(list(page).getByRole('option', { name: /Museum quarter/ })).toHaveAttribute('aria-selected', 'true');
  await expect(scale).not.toHaveText(before ?? '');
  // Arrow keys move the selection along the list.
  await page.keyboard.press('ArrowDown');
  await expect(list(page).getByRole('option', { selected: true })).not.toContainText('Museum quarter');
  await page.screenshot({ path: '/tmp/locations-row-selected.png' });
});

test('the name search asks the server and narrows the list and the map', async ({ page }) => {
  await expect(shapesDrawn(page)).toHaveText(/^14 shapes/);
  const searched = page.waitForRequest((request) => new URL(request.url()).searchParams.get('filters[name][conditions][$contains]') === 'park');
  await page.getByRole('searchbox', { name: 'Search by name' }).fill('park');
  const request = await searched;
  expect(new URL(request.url()).searchParams.get('limit')).toBe('100');
  await expect(shapesDrawn(page)).toHaveText('3 shapes drawn: 1 circle, 2 polygons');
  await expect(list(page).getByRole('option')).toHaveCount(3);
  await expect(page.getByText('3 locations matching “park”')).toBeVisible();
  await page.screenshot({ path: '/tmp/locations-search.png' });

  await page.getByRole('searchbox', { name: 'Search by name' }).fill('no such place');
  await expect(page.getByText('No locations match the search and filter.')).toBeVisible();
  await expect(list(page).getByRole('option')).toHaveCount(0);
  await expect(shapesDrawn(page)).toHaveText('0 shapes drawn: 0 circles, 0 polygons');
});

test('the end-date filter hides locations that ended before the date; sorting orders the list', async ({ page }) => {
  await expect(shapesDrawn(page)).toHaveText(/^14 shapes/);
  await page.getByLabel('Still active on').fill('2026-11-21');
  await expect(shapesDrawn(page)).toHaveText('13 shapes drawn: 7 circles, 6 polygons');
  await expect(list(page).getByRole('option', { name: /Dam Square pop-up/ })).toHaveCount(0);
  await page.getByLabel('Still active on').fill('2026-09-01');
  await expect(shapesDrawn(page)).toHaveText(/^14 shapes/);

  await page.getByRole('combobox', { name: 'Sort by' }).click();
  await page.getByRole('option', { name: 'Name (A–Z)' }).click();
  await expect(list(page).getByRole('option').first()).toContainText('Amstel riverside');
  await expect(list(page).getByRole('option').last()).toContainText('Zuidas lobby bar');
});

test('shows progress while pages load, one request per 100 locations', async ({ page }) => {
  // Slow the answers down so the progress indicator can be seen; they still come from the service.
  await page.route('**/api/v1/locations?**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 700));
    await route.continue();
  });
  await page.reload();
  await expect(page.getByRole('progressbar', { name: 'Loading locations' })).toBeVisible();
  await expect(shapesDrawn(page)).toHaveText(/^14 shapes/);
  await expect(page.getByRole('progressbar', { name: 'Loading locations' })).toHaveCount(0);
});

test('hovering a shape names it in a tooltip', async ({ page }) => {
  await expect(shapesDrawn(page)).toHaveText(/^14 shapes/);
  const westerpark = await shapePoint(page, await locationId('Westerpark area'));
  await page.mouse.move(westerpark.x, westerpark.y);
  const tooltip = page.getByRole('region', { name: 'Locations map' }).locator('.leaflet-tooltip');
  await expect(tooltip).toHaveText('Westerpark area');
  const oost = await shapePoint(page, await locationId('Oost market'));
  // Leaflet's canvas looks at the pointer at most every 32 ms and drops moves in between (a hand makes
  // many more); keep nudging it, as a hand would, until the hover lands.
  await expect(async () => {
    await page.mouse.move(oost.x + 1, oost.y);
    await page.mouse.move(oost.x, oost.y);
    await expect(tooltip).toHaveText('Oost market', { timeout: 500 });
  }).toPass({ timeout: 10_000 });
});

test('has no serious accessibility violations, wide and narrow', async ({ page }) => {
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ]) {
    await page.setViewportSize({ width, height });
    await expect(shapesDrawn(page)).toHaveText(/^14 shapes/);
    await list(page).getByRole('option', { name: /Museum quarter/ }).click();
    await expect(list(page).getByRole('option', { name: /Museum quarter/ })).toHaveAttribute('aria-selected', 'true');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    // The app bar is sticky: from the top, a full-page picture shows it where people see it.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `/tmp/locations-${width}.png`, fullPage: true });
    await expectAccessible(page);
  }
});
