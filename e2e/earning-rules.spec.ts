import { expect, test, type Page } from '@playwright/test';

/** The demo project's eight earning rules (src/server/seed/demo.json), two of them on paid orders. */
const rulesTable = (page: Page) => page.getByRole('table', { name: 'Earning rules' });

async function openRule(page: Page, name: string) {
  await page.goto('/earning-rules');
  await rulesTable(page).getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 1000 });
});

test('lists every rule with its status, trigger, effect and limits', async ({ page }) => {
  await page.goto('/earning-rules');
  await expect(page.getByRole('heading', { level: 1, name: 'Earning rules' })).toBeVisible();
  await expect(rulesTable(page).getByRole('row')).toHaveCount(9);
  const review = rulesTable(page).getByRole('row', { name: /10 points for an app review/ });
  await expect(review).toContainText('Active');
  await expect(review).toContainText("custom event 'app_review'");
  await expect(review).toContainText('10 points');
  await expect(review).toContainText('at most 3 times a day, once every 12 hours');
  await expect(rulesTable(page).getByRole('row', { name: /Points per euro spent in store/ })).toContainText("2 points for every 10 of the event's 'amount'");
  await expect(rulesTable(page).getByRole('row', { name: /Referral signup \(draft\)/ })).toContainText('Draft');
  const online = rulesTable(page).getByRole('row', { name: /1 point per 1.00 spent online/ });
  await expect(online).toContainText('a paid order');
  await expect(online).toContainText('1 point for every 1.00 spent');
  await page.screenshot({ path: '/tmp/earning-rules-list.png', fullPage: true });
});

test('a rule page says its limits, points and expiry in words, and shows the JSON on demand', async ({ page }) => {
  await openRule(page, '10 points for an app review');
  const limits = page.getByRole('list', { name: 'Limits' });
  await expect(limits.getByRole('listitem')).toHaveText(['At most 3 times a day', 'Once every 12 hours']);
  await expect(page.getByRole('region', { name: 'What it does' })).toContainText(
    "On custom event 'app_review', a member's card earns 10 points, at most 3 times a day and once every 12 hours.",
  );
  const earnings = page.getByRole('region', { name: 'Earnings' });
  await expect(earnings).toContainText("When: the event's 'rating' is at least 1");
  await expect(earnings.getByRole('list', { name: 'Effects of Review bonus' })).toHaveText('10 points — points never expire');
  await expect(page.getByRole('region', { name: 'Validity hours' })).toContainText('Any time of day, every day.');
  await expect(page.getByRole('region', { name: 'Active period' })).toContainText('No start or end date');
  await page.screenshot({ path: '/tmp/earning-rule-review.png', fullPage: true });

  await expect(page.getByLabel('Earning rule JSON')).toHaveCount(0);
  await page.getByRole('button', { name: 'Show JSON' }).click();
  const json = page.getByLabel('Earning rule JSON');
  await expect(json).toContainText('"object": "earning_rule"');
  await expect(json).toContainText('"FIXED_COOLDOWN"');
  await page.getByRole('button', { name: 'Hide JSON' }).click();
  await expect(json).toHaveCount(0);
});

test('proportional points with a rounded rolling expiry', async ({ page }) => {
  await openRule(page, 'Points per euro spent in store');
  await expect(page.getByRole('region', { name: 'Earnings' })).toContainText(
    "2 points for every 10 of the event's 'amount' — points expire at the end of the month, 3 months after they are earned",
  );
  await expect(page.getByRole('list', { name: 'Limits' }).getByRole('listitem')).toHaveText(['At most 10 times a week']);
});

test('validity hours as a weekly grid, with the start and end dates', async ({ page }) => {
  await openRule(page, 'Happy hour visit bonus');
  const grid = page.getByRole('table', { name: 'Validity hours (UTC)' });
  await expect(grid.getByRole('row', { name: /Monday/ })).toContainText('15:00–18:00');
  await expect(grid.getByRole('row', { name: /Friday/ })).toContainText('15:00–18:00');
  await expect(grid.getByRole('row', { name: /Saturday/ })).toContainText('not active');
  await expect(grid.getByRole('row', { name: /Sunday/ })).toContainText('not active');
  await expect(page.getByRole('region', { name: 'Active period' })).toContainText('From 1 Jan 2026, 00:00 UTC until 31 Dec 2027, 23:59 UTC');
  await expect(page.getByRole('list', { name: 'Limits' }).getByRole('listitem')).toHaveText(['Once every day']);
  await page.getByRole('region', { name: 'Validity hours' }).screenshot({ path: '/tmp/earning-rule-hours.png' });
  await page.screenshot({ path: '/tmp/earning-rule-happy-hour.png', fullPage: true });
});

test('an unknown rule shows the API error', async ({ page }) => {
  await page.goto('/earning-rules/lern_0000');
  await expect(page.getByRole('alert').filter({ hasText: 'Could not load the earning rule' })).toContainText('Cannot find earning_rule with id lern_0000');
});
