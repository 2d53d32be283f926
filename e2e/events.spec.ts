import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/expect-accessible';
import { serviceCall } from './support/stack';

const shots = process.env.SCREENS_DIR ?? 'test-results/events';

/** demo-customer-01 holds COFFEE-0001 (Coffee Club); '10 points for an app review' earns on it. */
const form = (page: Page) => page.getByRole('form', { name: 'Send an event' });

async function chooseEvent(page: Page, name: string) {
  await form(page).getByRole('combobox', { name: 'Event' }).click();
  await page.getByRole('option', { name, exact: true }).click();
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 1000 });
  await page.goto('/events');
  await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
});

test('fires an event that earns points and shows the balance change and the transaction', async ({ page }) => {
  const before = (await serviceCall('GET', '/v1/loyalties/members/COFFEE-0001')).body.loyalty_card.balance as number;
  await chooseEvent(page, 'app_review');
  await form(page).getByLabel('rating *').fill('5');
  await form(page).getByLabel('text').fill('Great coffee');
  await form(page).getByLabel('Customer source ID').fill('demo-customer-01');
  await form(page).getByLabel('Loyalty card code').fill('COFFEE-0001');
  await page.screenshot({ path: '/tmp/events-form.png', fullPage: true });
  await form(page).getByRole('button', { name: 'Send event' }).click();

  await expect(page.getByText('Card COFFEE-0001 earned 10 points.')).toBeVisible();
  const change = page.getByRole('table', { name: 'Card COFFEE-0001 before and after' });
  await expect(change.getByRole('row', { name: /^Balance/ })).toHaveText(new RegExp(`Balance${before}${before + 10}\\+10`));
  const history = page.getByRole('table', { name: 'Latest transactions of COFFEE-0001' });
  await expect(history.getByRole('row').nth(1)).toContainText('Earned');
  await expect(history.getByRole('row').nth(1)).toContainText('+10');
  await expect(history.getByRole('row').nth(1)).toContainText('10 points for an app review');
  await expect(page.getByLabel('Event response')).toContainText('"type": "app_review"');
  expect((await serviceCall('GET', '/v1/loyalties/members/COFFEE-0001')).body.loyalty_card.balance).toBe(before + 10);
  await page.screenshot({ path: '/tmp/events-earned.png', fullPage: true });

  // The rule's 12-hour cooldown: the same event again earns nothing.
  await form(page).getByRole('button', { name: 'Send event' }).click();
  await expect(page.getByText('Card COFFEE-0001 earned no points: no active rule matched, or a limit applied.')).toBeVisible();
  await expect(change.getByRole('row', { name: /^Balance/ })).toHaveText(new RegExp(`Balance${before + 10}${before + 10}0`));
  await page.screenshot({ path: '/tmp/events-cooldown.png', fullPage: true });
});

test('the metadata fields follow the chosen schema, with their types', async ({ page }) => {
  await chooseEvent(page, 'store_visit');
  await expect(form(page).getByLabel('store_id *')).toHaveAttribute('type', 'text');
  await expect(form(page).getByLabel('amount')).toHaveAttribute('type', 'number');
  await expect(form(page).getByRole('combobox', { name: 'first_visit' })).toBeVisible();
  await expect(form(page).getByLabel('rating *')).toHaveCount(0);
  await form(page).getByLabel('Customer source ID').fill('demo-customer-02');
  await form(page).getByRole('button', { name: 'Send event' }).click();
  await expect(form(page).getByText('Required by the store_visit schema')).toBeVisible();
  await page.screenshot({ path: '/tmp/events-required.png', fullPage: true });

  await chooseEvent(page, 'referral_signup');
  await expect(form(page).getByText('The referral_signup event defines no metadata.')).toBeVisible();
});

test('API errors show next to the field they concern', async ({ page }) => {
  await chooseEvent(page, 'newsletter_signup');
  await form(page).getByRole('button', { name: 'Customer ID' }).click();
  await form(page).getByLabel('Customer ID').fill('cust_doesnotexist');
  await form(page).getByRole('button', { name: 'Send event' }).click();
  await expect(form(page).getByLabel('Customer ID')).toHaveAccessibleDescription('No customer has this ID or source ID.');

  await form(page).getByRole('button', { name: 'Source ID' }).click();
  await form(page).getByLabel('Customer source ID').fill('demo-customer-02');
  await form(page).getByLabel('Loyalty card code').fill('COFFEE-0001');
  await form(page).getByRole('button', { name: 'Send event' }).click();
  await expect(form(page).getByLabel('Loyalty card code')).toHaveAccessibleDescription('This card belongs to another customer.');
  await page.screenshot({ path: '/tmp/events-api-error.png', fullPage: true });
});

test('offers the events the project defines, read from its metadata schemas, at desktop and phone widths', async ({ page }) => {
  const schemas = (await serviceCall('GET', '/v1/metadata-schemas')).body.schemas as { related_object: string }[];
  // A fresh load, watching the dashboard's own read of them (GET /v1/metadata-schemas, the real API's operation).
  const read = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/v1/metadata-schemas');
  await page.reload();
  expect((await read).status()).toBe(200);
  await form(page).getByRole('combobox', { name: 'Event' }).click();
  await expect(page.getByRole('option')).toHaveText(schemas.map((s) => s.related_object));
  await page.keyboard.press('Escape');
  await chooseEvent(page, 'store_visit');
  await expect(form(page).getByLabel('store_id *')).toBeVisible();
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page, shots, 'events-store-visit', width);
  }
  await page.goto('/earning-rules');
  await expect(page.getByRole('heading', { level: 1, name: 'Earning rules' })).toBeVisible();
  await expect(page.getByText("custom event 'app_review'").first()).toBeVisible();
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page, shots, 'earning-rules', width);
  }
});
