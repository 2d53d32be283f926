import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { e2eDataDir, serviceCall } from './support/stack';

interface ListedTransaction {
  id: string;
  type: string;
  reason?: string | null;
  created_at: string;
  details: { balance: { points: number; balance: number } };
}

test('a user exports a member’s transactions, watches the file being made and downloads it', async ({ page }) => {
  await page.goto('/exports');
  await expect(page.getByRole('heading', { name: 'Exports', level: 1 })).toBeVisible();

  // The card: Coffee Club, member COFFEE-0005 (four transactions in the demo project).
  await page.getByRole('combobox', { name: 'Loyalty program' }).click();
  await page.getByRole('option', { name: 'Coffee Club' }).click();
  await page.getByRole('combobox', { name: 'Member (card code)' }).click();
  await page.getByRole('option', { name: /COFFEE-0005/ }).click();

  // Rows oldest first; columns: created_at moved to the front, five fields kept.
  await page.getByRole('radio', { name: 'Oldest first' }).check();
  await page.getByRole('button', { name: 'None' }).click();
  for (const field of ['type', 'amount', 'balance', 'created_at', 'reason']) await page.getByRole('checkbox', { name: new RegExp(`^${field} —`) }).check();
  for (let i = 0; i < 6; i++) await page.getByRole('button', { name: 'Move created_at up' }).click();
  await expect(page.getByRole('button', { name: 'Move created_at up' })).toBeDisabled();
  await page.screenshot({ path: '/tmp/exports-form.png', fullPage: true });

  const created = page.waitForResponse((response) => response.request().method() === 'POST' && response.url().includes('/transactions/export'));
  await page.getByRole('button', { name: 'Start export' }).click();
  const scheduled = await (await created).json();
  expect(scheduled).toMatchObject({ status: 'SCHEDULED', result: null, parameters: { order: 'created_at', fields: ['created_at', 'type', 'reason', 'balance', 'amount'] } });
  await expect(page.getByRole('status').filter({ hasText: `Export ${scheduled.id} scheduled` })).toBeVisible();

  const row = page.getByRole('row').filter({ hasText: scheduled.id });
  // The card links to its member page; the dashboard user who started it is named, not their id.
  await expect(row.getByRole('link', { name: 'COFFEE-0005' })).toHaveAttribute('href', '/members/COFFEE-0005');
  await expect(row).toContainText('demo (you)');
  expect(scheduled.user_id).toBeTruthy();
  await expect(row).not.toContainText(scheduled.user_id);
  await page.screenshot({ path: '/tmp/exports-scheduled.png', fullPage: true });
  // The page polls until the worker is done, then offers the file.
  await expect(row.getByText('Done', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(row).toContainText(/\d+:\d{2}/);
  await page.screenshot({ path: '/tmp/exports-done.png', fullPage: true });

  // Polling stops once every export shown is DONE or ERROR.
  let polls = 0;
  page.on('request', (request) => {
    if (request.url().includes('/api/v1/exports?')) polls++;
  });
  await page.waitForTimeout(3500);
  expect(polls).toBe(0);

  const downloading = page.waitForEvent('download');
  await row.getByRole('link', { name: `Download ${scheduled.id}.csv` }).click();
  const download = await downloading;
  // Through the dashboard's own origin, authorised by the link's token alone.
  expect(download.url()).toMatch(new RegExp(`^http://localhost:\\d+/api/v1/exports/${scheduled.id}\\?token=[\\w-]+$`));
  expect(download.suggestedFilename()).toBe(`${scheduled.id}.csv`);
  const csv = readFileSync((await download.path()) as string, 'utf8');
  const [header, ...records] = parse(csv, { record_delimiter: '\r\n' }) as string[][];
  expect(header).toEqual(['created_at', 'type', 'reason', 'balance', 'amount']);

  const listed = await serviceCall('GET', '/v1/loyalties/members/COFFEE-0005/transactions?limit=100');
  const expected = (listed.body.data as ListedTransaction[])
    .slice()
    .sort((a, b) => a.created_at.localeCompare(b.created_at))
    .map((t) => [t.created_at, t.type, t.reason ?? '', String(t.details.balance.balance), String(t.details.balance.points)]);
  expect(records).toEqual(expected);
  expect(records).toHaveLength(4);
});

test('the Exports page never scrolls sideways; on a phone the exports are a list of cards', async ({ page }) => {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/exports');
    if (width === 1440) await expect(page.getByRole('table', { name: 'Exports' }).getByRole('row').nth(1)).toBeVisible();
    else {
      // Below 600 px every column is a line of the card and the file's button is on screen (e2e/phone-layouts.spec.ts).
      await expect(page.getByRole('table', { name: 'Exports' })).toHaveCount(0);
      await expect(page.getByRole('list', { name: 'Exports' }).getByRole('listitem').first()).toContainText('Started by');
    }
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `at ${width} px`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `test-results/exports-${width}.png`, fullPage: true });
  }
});

test('an unknown card code shows the API’s error beside the field', async ({ page }) => {
  await page.goto('/exports');
  await page.getByRole('radio', { name: 'Card code' }).check();
  await page.getByRole('button', { name: 'Start export' }).click();
  await expect(page.getByText('Enter the card code')).toBeVisible();
  await page.getByRole('textbox', { name: 'Card code' }).fill('NOPE-404');
  await page.getByRole('button', { name: 'Start export' }).click();
  await expect(page.getByRole('textbox', { name: 'Card code' })).toHaveAccessibleDescription('No card has this code.');
  await expect(page.getByRole('textbox', { name: 'Card code' })).toBeFocused();
  await page.screenshot({ path: '/tmp/exports-unknown-card.png', fullPage: true });
});

/** Where the stack keeps an export's file: `<DATA_DIR>/exports/<project>/<export>.csv`. */
function exportFileExists(exportId: string): boolean {
  const root = join(e2eDataDir, 'exports');
  return readdirSync(root).some((project) => existsSync(join(root, project, `${exportId}.csv`)));
}

test('a marketing user deletes an export after confirming: the row, the export and its file are gone', async ({ page }) => {
  // A finished export of COFFEE-0005, started through the API.
  const created = await serviceCall('POST', '/v1/loyalties/members/COFFEE-0005/transactions/export', {});
  expect(created.status).toBe(200);
  const id = created.body.id as string;
  await expect.poll(async () => (await serviceCall('GET', `/v1/exports/${id}`)).body.status, { timeout: 30_000 }).toBe('DONE');
  expect(exportFileExists(id)).toBe(true);

  await page.goto('/exports');
  const row = page.getByRole('row').filter({ hasText: id });
  await expect(row.getByText('Done', { exact: true })).toBeVisible();
  await page.getByRole('table', { name: 'Exports' }).scrollIntoViewIfNeeded();

  // Cancel keeps it.
  await row.getByRole('button', { name: `Delete ${id}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this export?' });
  await expect(dialog).toContainText(`Export ${id} and its CSV file are deleted`);
  // The viewport, transitions finished: a full-page shot misplaces the fixed app bar and catches the dialog fading in.
  await page.screenshot({ path: '/tmp/exports-delete-confirm.png', animations: 'disabled' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toBeVisible();

  const deleting = page.waitForResponse((response) => response.request().method() === 'DELETE' && response.url().endsWith(`/api/v1/exports/${id}`));
  await row.getByRole('button', { name: `Delete ${id}` }).click();
  await dialog.getByRole('button', { name: 'Delete export' }).click();
  expect((await deleting).status()).toBe(204);
  await expect(dialog).toBeHidden();
  await expect(row).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: `Export ${id} deleted.` })).toBeAttached();
  await page.screenshot({ path: '/tmp/exports-deleted.png', animations: 'disabled' });

  expect((await serviceCall('GET', `/v1/exports/${id}`)).status).toBe(404);
  expect(exportFileExists(id)).toBe(false);
});

test('an export of orders started through the API is listed as “Orders” and downloads like the others, at 1,440 and 390 px', async ({ page }) => {
  const created = await serviceCall('POST', '/v1/orders/export', { parameters: { fields: ['source_id', 'status', 'total_amount'] } });
  expect(created.status).toBe(200);
  const id = created.body.id as string;
  await expect.poll(async () => (await serviceCall('GET', `/v1/exports/${id}`)).body.status, { timeout: 30_000 }).toBe('DONE');

  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/exports');
    // A table row at 1,440 px, a card of the list on a phone.
    const row = page.getByRole(width === 1440 ? 'row' : 'listitem').filter({ hasText: id });
    await expect(row.getByText('Orders', { exact: true })).toBeVisible();
    await expect(row.getByText('Done', { exact: true })).toBeVisible();
    await page.waitForTimeout(400);
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `at ${width} px`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `test-results/exports-orders-${width}.png`, fullPage: true });
  }

  await page.setViewportSize({ width: 1440, height: 900 });
  const downloading = page.waitForEvent('download');
  await page.getByRole('row').filter({ hasText: id }).getByRole('link', { name: `Download ${id}.csv` }).click();
  const csv = readFileSync((await (await downloading).path()) as string, 'utf8');
  expect(csv.split('\r\n')[0]).toBe('source_id,status,total_amount');
});
