import { expect, test, type Page } from '@playwright/test';
import { expectAccessible as expectAccessibleIn } from './support/expect-accessible';
import { serviceCall } from './support/stack';

/**
 * Issue 33 on the demo project: a support agent opens the API log from a member's page (Milan
 * Jansen, demo-customer-11, CITY-7818-4697, which no other spec touches), sees only the requests
 * about that member, narrows them to the refused ones and reads what was sent; then filters the
 * whole log by result. Screenshots at 1,440 and 390 px land in /work/notes/screens/apilog-*.png
 * (SCREENS_DIR overrides).
 */
const code = 'CITY-7818-4697';
const customer = 'demo-customer-11';
const shots = process.env.SCREENS_DIR ?? 'test-results/api-log';
const expectAccessible = (page: Page, state: string, width: number) => expectAccessibleIn(page, shots, `apilog-${state}`, width);

test.beforeAll(async () => {
  // What "the shop" sent about the member: a read, a refused change, and a request about nobody.
  expect((await serviceCall('GET', `/v1/customers/${customer}`)).status).toBe(200);
  expect((await serviceCall('PUT', `/v1/customers/${customer}`, { metadata: 'milan-vip' })).status).toBe(400);
  expect((await serviceCall('GET', '/v1/loyalties/members/NO-SUCH-CARD-E2E')).status).toBe(404);
});

test('opened from a member page, the API log shows the requests about them and filters by result', async ({ page }) => {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 1000 });
    await page.goto(`/members/${code}`);
    await page.getByRole('link', { name: 'Requests about this member' }).click();
    await expect(page).toHaveURL(/\/api-log\?customer=cust_/);
    await expect(page.getByRole('heading', { level: 1, name: 'API log' })).toBeVisible();
    await expect(page.getByText('About Milan Jansen')).toBeVisible();
    const table = page.getByRole('table', { name: 'Requests' });
    // Every request shown is about Milan: the read and the refused change, never the unknown card.
    await expect(table.getByText(`/v1/customers/${customer}`).first()).toBeVisible();
    await expect(table.getByText('/v1/loyalties/members/NO-SUCH-CARD-E2E')).toHaveCount(0);
    // By default only what the shop sent: the member page's own reads (their segments) are left out.
    await expect(table.getByText(/\/segments$/)).toHaveCount(0);
    await expectAccessible(page, 'member', width);

    // Refused ones only: the change with bad metadata, and what was sent.
    await page.getByRole('combobox', { name: 'Result' }).click();
    await page.getByRole('option', { name: 'Refused' }).click();
    await page.getByRole('button', { name: 'Show requests' }).click();
    await expect(page).toHaveURL(/status=4xx/);
    const refused = table.getByRole('row').filter({ hasText: 'Refused (400)' });
    await expect(refused.first()).toBeVisible();
    await expect(table.getByText(/Succeeded/)).toHaveCount(0);
    await refused.first().getByRole('button', { name: /Show details of PUT/ }).click();
    await expect(table.getByText('"milan-vip"')).toBeVisible();
    await expectAccessible(page, 'member-refused', width);
  }

  // The whole log by result: the unknown card's 404 is among the refused.
  await page.setViewportSize({ width: 1440, height: 1000 });
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/api-log$/);
  await page.getByRole('combobox', { name: 'Result' }).click();
  await page.getByRole('option', { name: 'Refused' }).click();
  await page.getByRole('button', { name: 'Show requests' }).click();
  const table = page.getByRole('table', { name: 'Requests' });
  await expect(table.getByRole('row').filter({ hasText: 'NO-SUCH-CARD-E2E' }).filter({ hasText: 'Not found (404)' })).toBeVisible();
  await expect(table.getByText(/Succeeded/)).toHaveCount(0);
  await expectAccessible(page, 'refused', 1440);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, 'refused', 390);
});
