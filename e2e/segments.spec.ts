import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { serviceCall } from './support/stack';

/**
 * The demo project holds 20,000 generated customers with ids cust_demobulk00001 … cust_demobulk20000
 * (src/server/seed/demo.json, `generated_customers`), so a full static segment can be pasted.
 */
const bulkIds = Array.from({ length: 20_000 }, (_, i) => `cust_demobulk${String(i + 1).padStart(5, '0')}`);

const count = (page: Page, label: string) => page.getByRole('status', { name: 'Customer id counts' }).getByRole('group', { name: label });

/** The longest main-thread task (ms) since the observer was installed: the page must stay responsive. */
async function watchLongTasks(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const w = window as unknown as { __longest: number };
    w.__longest = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__longest = Math.max(w.__longest, entry.duration);
    }).observe({ type: 'longtask', buffered: false });
  });
  return () => page.evaluate(() => (window as unknown as { __longest: number }).__longest);
}

/**
 * Pastes like a user: through the clipboard and Ctrl+V, one native paste. (Playwright's fill() types
 * newline-separated text line by line, which takes minutes for 20,000 lines in any textarea.)
 */
async function paste(context: BrowserContext, page: Page, target: Locator, text: string): Promise<void> {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.evaluate((value) => navigator.clipboard.writeText(value), text);
  await target.focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('ControlOrMeta+V');
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 1000 });
  await page.goto('/segments');
  await expect(page.getByRole('heading', { level: 1, name: 'Segments' })).toBeVisible();
});

test('pastes 20,000 ids, shows the counts without freezing the page, creates the segment and shows its size', async ({ context, page }) => {
  await page.getByLabel('Segment name').fill('E2E twenty thousand');
  const textbox = page.getByRole('textbox', { name: 'Customer ids or source ids' });
  const pasteStarted = Date.now();
  await paste(context, page, textbox, ['customer_id', ...bulkIds, bulkIds[0]].join('\n'));
  // The paste itself is the browser laying out 20,000 lines; from here on the ids are parsed in a
  // worker, so the page must not block while they are counted.
  await expect.poll(async () => (await textbox.inputValue()).length).toBeGreaterThan(380_000);
  const longest = await watchLongTasks(page);
  await expect(count(page, 'Pasted')).toContainText('20,002');
  // The CSV header is read as a source id too; the lookup on create finds it names no customer.
  await expect(count(page, 'Unique')).toContainText('20,001');
  await expect(count(page, 'Duplicates removed')).toContainText('1');
  await expect(count(page, 'Malformed')).toContainText('0');
  console.log(`paste of 20,002 lines counted in ${Date.now() - pasteStarted} ms`);
  // Parsing runs in a worker: typing stays possible and no main-thread task comes near a freeze.
  await page.getByLabel('Segment name').press('End');
  await page.getByLabel('Segment name').pressSequentially(' (pasted)');
  await expect(page.getByLabel('Segment name')).toHaveValue('E2E twenty thousand (pasted)');
  const longestTask = await longest();
  console.log(`longest main-thread task while 20,000 pasted ids were counted: ${Math.round(longestTask)} ms`);
  expect(longestTask).toBeLessThan(250);
  await page.screenshot({ path: '/tmp/segments-static-counted.png' });

  const started = Date.now();
  await page.getByRole('button', { name: 'Create segment of 20,001 customers' }).click();
  await expect(page.getByRole('alert', { name: 'Entries that are no customer' })).toContainText('1 entry names no customer of this project, by customer id or source id: line 1 “customer_id”.');
  await page.getByRole('button', { name: 'Create segment of 20,000 customers, without the 1 unknown' }).click();
  await expect(page.getByText('Created static segment “E2E twenty thousand (pasted)”.')).toBeVisible({ timeout: 20_000 });
  console.log(`create 20,000-id static segment through the dashboard: ${Date.now() - started} ms`);
  const panel = page.getByRole('region', { name: 'E2E twenty thousand (pasted)' });
  await expect(panel).toContainText('20,000 customers');
  await expect(panel).toContainText('static');
  await expect(panel.getByRole('list', { name: 'Segment members' }).getByRole('listitem')).toHaveCount(5);
  await page.screenshot({ path: '/tmp/segments-static-created.png' });

  // The page's URL names the segment; the API agrees on its size.
  const segmentId = new URL(page.url()).searchParams.get('segment') as string;
  expect(segmentId).toMatch(/^seg_/);
  const members = await serviceCall('GET', `/v1/customers?segment_id=${segmentId}&limit=1`);
  expect(members.body.total).toBe(20_000);
});

test('reports unknown ids by line and creates nothing until asked', async ({ page }) => {
  await page.getByLabel('Segment name').fill('E2E with strangers');
  await page.getByRole('textbox', { name: 'Customer ids or source ids' }).fill(`${bulkIds[0]}, cust_nobody1;\n${bulkIds[1]} cust_nobody2`);
  await expect(count(page, 'Unique')).toContainText('4');
  await page.getByRole('button', { name: /Create segment/ }).click();
  const alert = page.getByRole('alert', { name: 'Entries that are no customer' });
  await expect(alert).toContainText('2 entries name no customer of this project, by customer id or source id: line 1 “cust_nobody1”, line 2 “cust_nobody2”. Correct them, or create the segment without them.');
  await expect(page.getByRole('button', { name: 'Create segment of 2 customers, without the 2 unknown' })).toBeVisible();
  expect((await serviceCall('GET', '/v1/segments?limit=100')).body.data.map((segment: { name: string }) => segment.name)).not.toContain('E2E with strangers');
  await page.screenshot({ path: '/tmp/segments-static-unknown.png' });
});

test('uploads a CSV file of ids', async ({ page }) => {
  await page.getByLabel('Segment name').fill('E2E uploaded');
  const csv = ['"customer_id";"note"', ...bulkIds.slice(100, 130).map((id) => `"${id}";"x"`)].join('\r\n');
  await page.getByLabel('Upload a CSV or TXT file of customer ids').setInputFiles({ name: 'ids.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByText('Loaded ids.csv')).toBeVisible();
  // The header's two names and the "x" column are read as source ids: 33 distinct entries, 3 unknown.
  await expect(count(page, 'Unique')).toContainText('33');
  await page.getByRole('button', { name: 'Create segment of 33 customers' }).click();
  await expect(page.getByRole('alert', { name: 'Entries that are no customer' })).toContainText('line 1 “customer_id”, line 1 “note”, line 2 “x”');
  await page.getByRole('button', { name: 'Create segment of 30 customers, without the 3 unknown' }).click();
  await expect(page.getByRole('region', { name: 'E2E uploaded' })).toContainText('30 customers');
});

test('builds a filter with and/or groups, previews the count, and creates a passive segment', async ({ page }) => {
  await page.getByRole('tab', { name: 'By filter' }).click();
  await page.getByLabel('Segment name').fill('E2E gold or frequent');
  await page.getByRole('radio', { name: 'Passive' }).check();

  const first = page.getByRole('group', { name: 'Condition 1' });
  // A date field offers only date operators.
  await first.getByLabel('Field').click();
  await page.getByRole('option', { name: 'Created at' }).click();
  await first.getByLabel('Operator').click();
  await expect(page.getByRole('option')).toHaveText(['after', 'before', 'has a value', 'is unknown']);
  await page.keyboard.press('Escape');

  await first.getByLabel('Field').click();
  await page.getByRole('option', { name: 'Metadata key…' }).click();
  await first.getByLabel('Metadata key').fill('tier');
  await first.getByLabel('Operator').click();
  await page.getByRole('option', { name: 'is', exact: true }).click();
  await first.getByLabel('Value').fill('gold');
  const preview = page.getByRole('status', { name: 'Preview' });
  await expect(preview).toHaveText(/^\d+ customers? match now$/);
  const gold = Number((await preview.textContent())?.split(' ')[0]);
  const goldApi = await serviceCall('POST', '/v1/segments/preview', { filter: { 'metadata.tier': { conditions: { $is: 'gold' } } } });
  expect(gold).toBe(goldApi.body.total);

  // (tier is gold) or (visits > 30 and city is Amsterdam)
  await page.getByLabel('Match (conditions)').click();
  await page.getByRole('option', { name: 'Any of these (or)' }).click();
  await page.getByRole('button', { name: 'Add group', exact: true }).click();
  const group = page.getByRole('group', { name: 'Group 2' });
  await expect(group.getByLabel('Match (group 2)')).toHaveText('All of these (and)');
  const visits = group.getByRole('group', { name: 'Condition 2.1' });
  await visits.getByLabel('Field').click();
  await page.getByRole('option', { name: 'Metadata key…' }).click();
  await visits.getByLabel('Metadata key').fill('visits');
  await visits.getByLabel('Operator').click();
  await page.getByRole('option', { name: 'more than' }).click();
  await visits.getByLabel('Number').fill('30');
  await group.getByRole('button', { name: 'Add condition to group 2' }).click();
  const city = group.getByRole('group', { name: 'Condition 2.2' });
  await city.getByLabel('Field').click();
  await page.getByRole('option', { name: 'City' }).click();
  await city.getByLabel('Value').fill('Amsterdam');

  const filter = {
    junction: 'or',
    'metadata.tier': { conditions: { $is: 'gold' } },
    groups: [{ junction: 'and', 'metadata.visits': { conditions: { $more_than: 30 } }, 'address.city': { conditions: { $is: 'Amsterdam' } } }],
  };
  const expected = (await serviceCall('POST', '/v1/segments/preview', { filter })).body.total as number;
  expect(expected).toBeGreaterThan(gold);
  await expect(preview).toHaveText(`${expected} customers match now`);
  await page.screenshot({ path: '/tmp/segments-filter-preview.png' });

  await page.getByRole('button', { name: 'Create passive segment' }).click();
  const panel = page.getByRole('region', { name: 'E2E gold or frequent' });
  await expect(panel).toContainText(`${expected} customers`);
  await expect(panel).toContainText('passive');
  await expect(panel).toContainText('"metadata.visits"');
  await page.screenshot({ path: '/tmp/segments-filter-created.png' });
});
