import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/expect-accessible';
import { serviceCall } from './support/stack';

/**
 * The Members page of Coffee Club (a pool of 40 pre-printed cards, a few issued): the members come
 * first, most recently active first, and the cards nobody holds yet only on request.
 * COFFEE-0004 is touched by no other spec.
 */
const shots = '/work/notes/screens';

async function chooseProgram(page: Page, name: RegExp) {
  await page.getByLabel('Loyalty program').click();
  await page.getByRole('option', { name }).click();
}

for (const width of [1440, 390] as const) {
  test(`members by default, most recently active first; unissued cards on request (${width} px)`, async ({ page }) => {
    // The member most recently active: points added just now.
    const coffee = (await serviceCall('GET', '/v1/loyalties/members/COFFEE-0004')).body;
    expect((await serviceCall('POST', `/v1/loyalties/${coffee.campaign_id}/members/COFFEE-0004/balance`, { points: 1, reason: 'Members list e2e' })).status).toBe(200);

    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.goto('/members');
    await chooseProgram(page, /Coffee Club/);
    const table = page.getByRole('table', { name: /Members of Coffee Club/ });
    await expect(table.getByRole('row').nth(1)).toContainText('COFFEE-0004');
    await expect(page.getByText('Members of Coffee Club, most recently active first.')).toBeVisible();
    await expect(table).not.toContainText('Not published yet');
    const rows = await table.getByRole('row').count();
    expect(rows).toBeGreaterThan(1);
    expect(rows).toBeLessThan(21);
    await expectAccessible(page, shots, 'polish-members', width);

    const include = page.getByLabel('Include cards not issued yet');
    await expect(include).not.toBeChecked();
    // (The choice goes into the URL, so the switch turns once the navigation is done: click, then wait for it.)
    await include.click();
    await expect(include).toBeChecked();
    await expect(page).toHaveURL(/cards=all/);
    await expect(table).toContainText('Not published yet');
    await expect(page.getByText(/^1–20 of 40$/)).toBeVisible();
    await expectAccessible(page, shots, 'polish-members-all-cards', width);

    // The choice is in the URL: a reload keeps it, unchecking returns to members only.
    await page.reload();
    await expect(page.getByLabel('Include cards not issued yet')).toBeChecked();
    await page.getByLabel('Include cards not issued yet').click();
    await expect(page.getByLabel('Include cards not issued yet')).not.toBeChecked();
    await expect(table).not.toContainText('Not published yet');
  });
}
