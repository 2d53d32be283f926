import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/expect-accessible';
import { serviceCall } from './support/stack';

/**
 * A marketer's spreadsheet names customers by their own ids (source ids): the static segment takes
 * them beside cust_ ids, reports the ones that name nobody by line, and the page lists the project's
 * segments (issue 32).
 */
const shots = '/work/notes/screens';

for (const width of [1440, 390] as const) {
  test(`a static segment from source ids and customer ids, unknown ones reported by line, then listed (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    const alice = (await serviceCall('GET', '/v1/customers/demo-customer-03')).body.id as string;
    await page.goto('/segments');
    const name = `Spreadsheet ${width}`;
    await page.getByLabel('Segment name').fill(name);
    // A header line, three source ids, a cust_ id naming one of them again, and a typo on line 5.
    await page.getByRole('textbox', { name: 'Customer ids or source ids' }).fill(['source_id', 'demo-customer-01', 'demo-customer-02', 'demo-customer-03', 'dmo-customer-04', alice].join('\n'));
    await page.getByRole('button', { name: 'Create segment of 6 customers' }).click();
    const report = page.getByRole('alert', { name: 'Entries that are no customer' });
    await expect(report).toContainText('2 entries name no customer of this project, by customer id or source id: line 1 “source_id”, line 5 “dmo-customer-04”.');
    await expectAccessible(page, shots, 'polish-segments-unknown', width);

    // Corrected: the typo fixed, the header removed; ids and source ids of one customer count once.
    await page.getByRole('textbox', { name: 'Customer ids or source ids' }).fill(['demo-customer-01', 'demo-customer-02', 'demo-customer-03', 'demo-customer-04', alice].join('\n'));
    await expect(report).toBeHidden();
    await page.getByRole('button', { name: 'Create segment of 5 customers' }).click();
    await expect(page.getByText(`Created static segment “${name}”.`)).toBeVisible();
    await expect(page.getByRole('region', { name })).toContainText('4 customers');

    // The project's segments, newest first: the new one on top with its size, and the demo's own.
    const list = width === 1440 ? page.getByRole('table', { name: 'Segments' }) : page.getByRole('list', { name: 'Segments' });
    const first = width === 1440 ? list.getByRole('row').nth(1) : list.getByRole('listitem').first();
    await expect(first).toContainText(name);
    await expect(first).toContainText('Static list');
    await expect(first).toContainText('4');
    await expect(list).toContainText('VIP pilot (static)');
    await expectAccessible(page, shots, 'polish-segments', width);
    await list.getByRole('link', { name: 'VIP pilot (static)' }).click();
    await expect(page.getByRole('region', { name: 'VIP pilot (static)' })).toContainText('7 customers');
  });
}
