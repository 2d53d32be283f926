import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible } from './support/expect-accessible';
import { serviceCall } from './support/stack';

/**
 * The dashboard on a 390 px phone (issue 32): earning rules and exports as lists of cards with every
 * column and action on screen, the member page's actions reachable from its top, a long email that
 * wraps at its @ and dots; and at 1,440 px the navigation panel down the whole of a long page.
 */
const shots = '/work/notes/screens';

async function expectWithinScreen(page: Page, target: Locator) {
  const box = (await target.boundingBox())!;
  const width = page.viewportSize()!.width;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
}

test.describe('at 390 px', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
  });

  test('earning rules are a list of cards: name, status, trigger, earns and limits all on screen', async ({ page }) => {
    await page.goto('/earning-rules');
    const list = page.getByRole('list', { name: 'Earning rules' });
    await expect(list).toBeVisible();
    await expect(page.getByRole('table', { name: 'Earning rules' })).toHaveCount(0);
    const first = list.getByRole('listitem').first();
    for (const label of ['Trigger', 'Earns', 'Limits']) await expectWithinScreen(page, first.getByText(label, { exact: true }));
    await expectWithinScreen(page, first.getByRole('link'));
    await expectAccessible(page, shots, 'polish-earning-rules', 390);
    await first.getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('exports are a list of cards with the download and delete buttons on screen', async ({ page }) => {
    const created = await serviceCall('POST', '/v1/loyalties/members/COFFEE-0004/transactions/export', {});
    expect(created.status).toBe(200);
    const id = created.body.id as string;
    await expect.poll(async () => (await serviceCall('GET', `/v1/exports/${id}`)).body.status, { timeout: 30_000 }).toBe('DONE');
    await page.goto('/exports');
    const list = page.getByRole('list', { name: 'Exports' });
    const card = list.getByRole('listitem').filter({ hasText: id });
    await expect(card).toBeVisible();
    await expect(card).toContainText('Started by');
    await expect(card).toContainText('COFFEE-0004');
    const download = card.getByRole('link', { name: `Download ${id}.csv` });
    const remove = card.getByRole('button', { name: `Delete ${id}` });
    await expectWithinScreen(page, download);
    await expectWithinScreen(page, remove);
    await expectAccessible(page, shots, 'polish-exports', 390);
    await remove.click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
  });

  test('the member page opens with its actions at hand, and they stay at the top while scrolling', async ({ page }) => {
    // A holder with a long email, enrolled for this test.
    const email = 'maximilian.vandenberghe-oosterhuis@customer-service.example.com';
    const programs = (await serviceCall('GET', '/v1/loyalties')).body.campaigns as { id: string; name: string }[];
    const city = programs.find((program) => program.name === 'City Rewards')!;
    const enrolled = await serviceCall('POST', `/v1/loyalties/${city.id}/members`, { customer: { source_id: `phone-${Date.now()}`, name: 'Max Oosterhuis', email } });
    expect(enrolled.status).toBe(200);
    await page.goto(`/members/${enrolled.body.code}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Max Oosterhuis' })).toBeVisible();

    const bar = page.getByRole('navigation', { name: 'Member actions' });
    await expect(bar).toBeInViewport();
    expect((await bar.boundingBox())!.y).toBeLessThan(300);
    await expectAccessible(page, shots, 'polish-member-phone', 390);

    // The email wraps after its @, each line a whole part of the address.
    const emailText = page.getByRole('region', { name: 'Customer' }).getByText('maximilian.vandenberghe-oosterhuis@');
    const lines = await emailText.evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    });
    expect(lines).toBeGreaterThan(1);
    await expect(page.getByRole('region', { name: 'Customer' })).toContainText(email);

    await bar.getByRole('button', { name: 'Redeem a reward' }).click();
    await expect(page.getByRole('heading', { name: 'Redeem a reward' })).toBeInViewport();
    await expect(bar).toBeInViewport();
    await bar.getByRole('button', { name: 'Add or remove points' }).click();
    const adjust = page.getByRole('region', { name: 'Add or remove points' });
    await expect(adjust.getByRole('radio', { name: 'Add points' })).toBeFocused();
    await expect(adjust.getByRole('radio', { name: 'Add points' })).toBeInViewport();
    await page.screenshot({ path: `${shots}/polish-member-phone-actions-390.png` });
  });
});

test('at 390 px the balance chart shows each day once and its last date whole', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // Two changes on one day: one step of the chart, not two points on one spot.
  for (const points of [30, 40]) expect((await serviceCall('POST', '/v1/loyalties/members/COFFEE-0008/balance', { points, reason: 'Chart e2e' })).status).toBe(200);
  await page.goto('/members/COFFEE-0008');
  const chart = page.getByTestId('balance-chart');
  await expect(chart.locator('svg').first()).toBeVisible();
  const { svgRight, labels } = await chart.evaluate((element) => {
    const svg = element.querySelector('svg')!;
    const ticks = [...element.querySelectorAll('.MuiChartsAxis-directionX .MuiChartsAxis-tickLabel')];
    return { svgRight: svg.getBoundingClientRect().right, labels: ticks.map((tick) => ({ text: tick.textContent ?? '', right: tick.getBoundingClientRect().right })) };
  });
  expect(labels.length).toBeGreaterThan(1);
  expect(new Set(labels.map((label) => label.text)).size).toBe(labels.length);
  expect(labels[labels.length - 1].right).toBeLessThanOrEqual(svgRight);
  // (One point per day: src/app/features/member/model/balance-series.test.ts.)
  await chart.screenshot({ path: `${shots}/polish-balance-chart-390.png` });
});

test('at 1,440 px the navigation panel runs down the whole of a long page, and the member page needs no action bar', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/members/COFFEE-0005');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Member actions' })).toHaveCount(0);
  const { panel, page: pageHeight } = await page.evaluate(() => {
    const nav = document.querySelector('nav[aria-label="Main navigation"]')!;
    // The panel: the layout's column that holds the permanent drawer.
    const column = nav.closest('.MuiDrawer-docked')!.parentElement!;
    return { panel: column.getBoundingClientRect().height, page: document.documentElement.scrollHeight };
  });
  expect(pageHeight).toBeGreaterThan(1200);
  expect(panel).toBeGreaterThanOrEqual(pageHeight - 1);
  await expectAccessible(page, shots, 'polish-member', 1440);
});
