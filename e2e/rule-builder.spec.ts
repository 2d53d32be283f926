import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { serviceCall } from './support/stack';

/**
 * The rule builder against the demo project: a rule on `referral_signup` (whose only demo rule is a
 * draft, so nothing else earns on it) gives COFFEE-0001 points on the Events page, then is
 * disabled, edited and deleted again, so the other specs see the demo's six rules.
 */
const builder = (page: Page) => page.getByRole('form', { name: /earning rule/ });
const inWords = (page: Page) => page.getByRole('region', { name: 'In words' });

async function choose(page: Page, label: string, option: string) {
  await builder(page).getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function expectAccessible(page: Page) {
  // Transitions finished (menus, labels moving up as values arrive), so axe sees the colours people see.
  await page.waitForTimeout(400);
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 160)).join(' | ')}`)).toEqual([]);
}

async function fireReferral(page: Page) {
  await page.goto('/events');
  const form = page.getByRole('form', { name: 'Send an event' });
  await form.getByRole('combobox', { name: 'Event' }).click();
  await page.getByRole('option', { name: 'referral_signup', exact: true }).click();
  await form.getByLabel('Customer source ID').fill('demo-customer-01');
  await form.getByLabel('Loyalty card code').fill('COFFEE-0001');
  await form.getByRole('button', { name: 'Send event' }).click();
}

test('creates a rule in the builder, earns with it on the Events page, then disables, edits and deletes it', async ({ page }) => {
  // One story across four pages on a shared 2-core machine: more than the default minute.
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 1000 });
  await page.goto('/earning-rules');
  await page.getByRole('link', { name: 'New rule' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New earning rule' })).toBeVisible();

  // The description follows the form as it is filled in.
  await builder(page).getByLabel('Name').fill('Referral thank-you');
  await choose(page, 'Loyalty program', 'Coffee Club');
  await choose(page, 'Custom event', 'referral_signup');
  await builder(page).getByLabel('Points each time').fill('15');
  await expect(inWords(page)).toContainText("On custom event 'referral_signup', a member's Coffee Club card earns 15 points (points never expire).");
  await choose(page, 'At most, per', 'A day');
  await builder(page).getByLabel('Times').fill('2');
  await expect(inWords(page)).toContainText('15 points (points never expire), at most twice a day.');
  await choose(page, 'Points expire', 'Some months after they are earned');
  await builder(page).getByLabel('Months').fill('6');
  await choose(page, 'Rounded up', 'To the end of that month');
  await expect(inWords(page)).toContainText('points expire at the end of the month, 6 months after they are earned');

  // The contract's checks as the form is filled in, beside the field.
  await builder(page).getByLabel('Months').fill('13');
  await builder(page).getByLabel('Months').blur();
  await expect(builder(page).getByText('Enter 12 or less.')).toBeVisible();
  await builder(page).getByLabel('Months').fill('6');

  // Sliding expiration: the points last as long as the member keeps earning or sending referrals.
  await choose(page, 'Points expire', 'After a time without activity');
  await expect(inWords(page)).toContainText('points expire after 6 months without earning or spending points');
  await choose(page, 'Unit', 'Days');
  await builder(page).getByLabel('Without activity for').fill('120');
  await builder(page).getByLabel('Without activity for').blur();
  await expect(builder(page).getByText('Enter 90 or less.')).toBeVisible();
  await builder(page).getByLabel('Without activity for').fill('45');
  const activity = builder(page).getByRole('group', { name: 'Activity that keeps the points' });
  await activity.getByRole('checkbox', { name: 'Spending points' }).uncheck();
  await activity.getByRole('checkbox', { name: 'Custom events' }).check();
  await builder(page).getByRole('group', { name: 'Events that count' }).getByRole('checkbox', { name: 'referral_signup' }).check();
  await expect(inWords(page)).toContainText("15 points (points expire after 45 days without earning points or 'referral_signup' events), at most twice a day.");

  // An API error beside its field: a segment that does not exist.
  await builder(page).getByRole('radio', { name: 'A customer enters a segment' }).check();
  await builder(page).getByLabel('Segment ID').fill('seg_doesnotexist');
  await builder(page).getByRole('button', { name: 'Create rule' }).click();
  await expect(builder(page).getByLabel('Segment ID')).toHaveAccessibleDescription('No segment has this ID.');
  await builder(page).getByRole('radio', { name: 'A custom event arrives' }).check();

  await page.screenshot({ path: '/tmp/rule-builder-1440.png', fullPage: true });
  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 900 });
  await expect(inWords(page)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: '/tmp/rule-builder-390.png', fullPage: true });
  await expectAccessible(page);
  await page.setViewportSize({ width: 1440, height: 1000 });

  await builder(page).getByRole('button', { name: 'Create rule' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Referral thank-you' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'What it does' })).toContainText(
    "On custom event 'referral_signup', a member's Coffee Club card earns 15 points, at most twice a day.",
  );
  await expect(page.getByText("points expire after 45 days without earning points or 'referral_signup' events")).toBeVisible();
  const ruleUrl = page.url();
  const ruleId = ruleUrl.split('/').pop() as string;
  // The v2 read shows it at once, as the page does.
  expect((await serviceCall('GET', `/v2/loyalties/earning-rules/${ruleId}`)).body).toMatchObject({ name: 'Referral thank-you', status: 'ACTIVE' });
  await page.screenshot({ path: '/tmp/rule-created-1440.png', fullPage: true });
  await expectAccessible(page);

  // The next event earns with it: points that last 45 days from today, as long as nothing moves them.
  await fireReferral(page);
  await expect(page.getByText('Card COFFEE-0001 earned 15 points.')).toBeVisible();
  const program = (await serviceCall('GET', '/v1/loyalties/members/COFFEE-0001')).body.campaign_id as string;
  const buckets = (await serviceCall('GET', `/v1/loyalties/${program}/members/COFFEE-0001/points-expiration?limit=100`)).body.data as { expires_at?: string; bucket: { total_points: number } }[];
  // The project's own time (another spec may have moved its clock).
  const clock = await serviceCall('GET', '/_local/clock');
  const today = clock.status === 200 ? new Date(clock.body.now as string) : new Date();
  const inFortyFiveDays = new Date(today.getTime() + 45 * 86_400_000).toISOString().slice(0, 10);
  expect(buckets.some((b) => b.expires_at === inFortyFiveDays && b.bucket.total_points === 15)).toBe(true);
  await expect(page.getByRole('table', { name: 'Latest transactions of COFFEE-0001' }).getByRole('row').nth(1)).toContainText('Referral thank-you');

  // Disabled, it earns nothing.
  await page.goto(ruleUrl);
  await page.getByRole('button', { name: 'Disable' }).click();
  await expect(page.getByRole('button', { name: 'Enable' })).toBeVisible();
  await expect(page.getByText('Inactive', { exact: true })).toBeVisible();
  await fireReferral(page);
  await expect(page.getByText('Card COFFEE-0001 earned no points: no active rule matched, or a limit applied.')).toBeVisible();

  // Edited and enabled again, the next event earns the new points (its second of the day).
  await page.goto(ruleUrl);
  await page.getByRole('button', { name: 'Enable' }).click();
  await expect(page.getByRole('button', { name: 'Disable' })).toBeVisible();
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Referral thank-you' })).toBeVisible();
  await expect(builder(page).getByRole('combobox', { name: 'Custom event' })).toBeDisabled();
  await expect(builder(page).getByLabel('Without activity for')).toHaveValue('45');
  await builder(page).getByLabel('Points each time').fill('20');
  await expect(inWords(page)).toContainText('earns 20 points');
  await page.screenshot({ path: '/tmp/rule-edit-1440.png', fullPage: true });
  await builder(page).getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('region', { name: 'What it does' })).toContainText('earns 20 points');
  await fireReferral(page);
  await expect(page.getByText('Card COFFEE-0001 earned 20 points.')).toBeVisible();

  // Deleted after confirming: gone from the list and from the engine.
  await page.goto(ruleUrl);
  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this rule?' });
  await expect(dialog).toContainText('“Referral thank-you” stops earning in Coffee Club');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Delete' }).click();
  await dialog.getByRole('button', { name: 'Delete rule' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Earning rules' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Earning rules' }).getByRole('link', { name: 'Referral thank-you' })).toHaveCount(0);
  expect((await serviceCall('GET', `/v2/loyalties/earning-rules/${ruleId}`)).status).toBe(404);
});
