import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { serviceCall } from './support/stack';

/**
 * The support agent's "where are my points?" on the demo project: Finn de Groot holds COFFEE-0010
 * (Coffee Club, 60 points from three purchases; no other spec touches it). Free coffee costs 100
 * points in Coffee Club.
 */
const code = 'COFFEE-0010';
const email = 'finn.degroot10@example.com';

async function expectNoSeriousAxeViolations(page: Page) {
  // Transitions finished (menus, labels moving up as values arrive), so axe sees the colours people see.
  await page.waitForTimeout(400);
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 160)).join(' | ')}`)).toEqual([]);
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

const section = (page: Page, name: string) => page.getByRole('region', { name });

test('search by email, read the chart and history, add 50 points with the keyboard, redeem a reward', async ({ page }) => {
  const before = (await serviceCall('GET', `/v1/loyalties/members/${code}`)).body.loyalty_card.balance as number;
  expect(before).toBeGreaterThanOrEqual(50);
  await page.setViewportSize({ width: 1440, height: 1000 });
  await page.goto('/members');

  // Find the member by part of the email, as typed; arrows and Enter open the card.
  const search = page.getByRole('combobox', { name: /Find a member/ });
  await search.fill('finn.degroot');
  await expect(page.getByRole('option', { name: new RegExp(`Finn de Groot.*${email}.*${code}`) })).toBeVisible();
  await page.screenshot({ path: '/tmp/member-header-search-1440.png' });
  await search.press('ArrowDown');
  await search.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/members/${code}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Finn de Groot' })).toBeVisible();

  // Customer, segments, points, the chart and the history.
  await expect(section(page, 'Customer')).toContainText(email);
  await expect(section(page, 'Customer')).toContainText('demo-customer-10');
  await expect(page.getByTestId('member-balance')).toHaveText(String(before));
  const chart = page.getByTestId('balance-chart');
  await expect(chart.locator('svg').first()).toBeVisible();
  await expect(chart).toContainText(`now ${before} points`);
  const history = page.getByRole('table', { name: `Transactions of card ${code}` });
  await expect(history.getByRole('row')).toHaveCount(4);
  await expect(history.getByRole('row').nth(1)).toContainText('Earned');
  await expect(page.getByRole('list', { name: `Activity of card ${code}` }).getByRole('listitem').first()).toBeVisible();
  await page.screenshot({ path: '/tmp/member-page-1440.png', fullPage: true });
  await expectNoSeriousAxeViolations(page);

  // Adjust with the keyboard alone, starting on the form's first control.
  const adjust = section(page, 'Add or remove points');
  await adjust.getByRole('radio', { name: 'Add points' }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(adjust.getByRole('radio', { name: 'Remove points' })).toBeChecked();
  await page.keyboard.press('ArrowUp');
  await expect(adjust.getByRole('radio', { name: 'Add points' })).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(adjust.getByRole('textbox', { name: 'Points', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(adjust.getByText('Enter how many points')).toBeVisible();
  await expect(adjust.getByText(/Say why/)).toBeVisible();
  await expect(adjust.getByRole('textbox', { name: 'Points', exact: true })).toBeFocused();
  await page.keyboard.type('50');
  await page.keyboard.press('Tab');
  await expect(adjust.getByRole('textbox', { name: 'Reason' })).toBeFocused();
  await page.keyboard.type('Missed purchase, receipt 4711');
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(adjust.getByRole('status')).toHaveText(`Added 50 points. The balance is now ${before + 50}.`);
  await expect(page.getByTestId('member-balance')).toHaveText(String(before + 50));
  await expect(chart).toContainText(`now ${before + 50} points`);
  // The history names who made the change: the signed-in demo user, by name and role (issue 35).
  await expect(history.getByRole('row').nth(1)).toContainText('by demo (marketing, you) · Missed purchase, receipt 4711');
  await expect(history.getByRole('row').nth(1)).toContainText('+50');
  expect((await serviceCall('GET', `/v1/loyalties/members/${code}`)).body.loyalty_card.balance).toBe(before + 50);

  // Redeem: the list offers what the balance pays for; the dialog asks first.
  const rewards = section(page, 'Redeem a reward');
  await rewards.getByRole('button', { name: 'Redeem Free coffee' }).click();
  const dialog = page.getByRole('dialog', { name: 'Redeem Free coffee?' });
  await expect(dialog).toContainText(`The card keeps ${before + 50 - 100}`);
  await dialog.evaluate((element) => Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)));
  await page.screenshot({ path: '/tmp/member-redeem-dialog-1440.png' });
  await dialog.getByRole('button', { name: 'Redeem for 100 points' }).click();
  await expect(dialog).toBeHidden();
  await expect(rewards.getByRole('status')).toHaveText('Redeemed Free coffee for 100 points.');
  await expect(page.getByTestId('member-balance')).toHaveText(String(before - 50));
  await expect(chart).toContainText(`now ${before - 50} points`);
  await expect(history.getByRole('row').nth(1)).toContainText('Spent on a reward');
  await expect(history.getByRole('row').nth(1)).toContainText('by demo (marketing, you) · Free coffee');
  expect((await serviceCall('GET', `/v1/loyalties/members/${code}`)).body.loyalty_card.balance).toBe(before - 50);
  // A change through the API keeps the API as its source, and names nobody.
  expect((await serviceCall('POST', `/v1/loyalties/members/${code}/balance`, { points: 5, reason: 'Till correction' })).status).toBe(200);
  await page.reload();
  await expect(history.getByRole('row').nth(1)).toContainText('via the API · Till correction');
  await expect(history.getByRole('row').nth(2)).toContainText('by demo (marketing, you) · Free coffee');
  await history.scrollIntoViewIfNeeded();
  await history.screenshot({ path: '/tmp/member-history-1440.png' });
  await expectNoSeriousAxeViolations(page);
  // From the top: a full-page capture of a scrolled page draws the fixed app bar mid-page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: '/tmp/member-page-after-1440.png', fullPage: true });
});

test('an API error of the adjustment shows beside its field, in plain words', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 1000 });
  await page.goto(`/members/${code}`);
  const adjust = section(page, 'Add or remove points');
  await adjust.getByRole('radio', { name: 'Remove points' }).check();
  await adjust.getByRole('textbox', { name: 'Points', exact: true }).fill('999999');
  await adjust.getByRole('textbox', { name: 'Reason' }).fill('Test removal');
  await adjust.getByRole('button', { name: 'Remove points' }).click();
  // A removal asks first (e2e/member-actions.spec.ts covers the dialog).
  await page.getByRole('dialog', { name: 'Remove 999,999 points?' }).getByRole('button', { name: 'Remove points' }).click();
  await expect(adjust.getByText('The card does not have that many points to remove.')).toBeVisible();
  await expect(adjust.getByRole('textbox', { name: 'Points', exact: true })).toHaveAttribute('aria-invalid', 'true');
});

test('at 390 px the header stays on one line, the demo banner clears the heading, and the search opens full width', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/members/${code}`);
  const heading = page.getByRole('heading', { level: 1, name: 'Finn de Groot' });
  await expect(heading).toBeVisible();
  const toolbar = page.locator('header .MuiToolbar-root').first();
  expect((await toolbar.boundingBox())!.height).toBeLessThanOrEqual(64);
  const banner = page.getByRole('note', { name: 'Demo mode' });
  expect((await banner.boundingBox())!.height).toBeLessThanOrEqual(32);
  expect((await banner.boundingBox())!.y + 32).toBeLessThanOrEqual((await heading.boundingBox())!.y);
  await expect(page.getByTestId('balance-chart').locator('svg').first()).toBeVisible();
  // Who and why go under the type on a phone (the first test made these changes).
  const history = page.getByRole('table', { name: `Transactions of card ${code}` });
  await expect(history.getByRole('row').nth(2)).toContainText('by demo (marketing, you) · Free coffee');
  await expectNoSidewaysScroll(page);
  await history.scrollIntoViewIfNeeded();
  await history.screenshot({ path: '/tmp/member-history-390.png' });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: '/tmp/member-page-390.png', fullPage: true });
  await expectNoSeriousAxeViolations(page);

  await page.getByRole('button', { name: 'Find a member' }).click();
  const search = page.getByRole('combobox', { name: /Find a member/ });
  await expect(search).toBeFocused();
  expect((await search.boundingBox())!.width).toBeGreaterThan(250);
  await page.keyboard.type(code);
  await expect(page.getByRole('option', { name: new RegExp(code) })).toBeVisible();
  await page.screenshot({ path: '/tmp/member-header-search-390.png' });
  await expectNoSidewaysScroll(page);
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(search).toBeHidden();
});
