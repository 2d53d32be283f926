import { expect, test, type Page } from '@playwright/test';
import { expectAccessible as expectAccessibleIn } from './support/expect-accessible';
import { serviceCall } from './support/stack';

/**
 * Issue 34 on the demo project: a support agent corrects a member's e-mail and phone on the member
 * page (Noah Bakker, demo-customer-09, COFFEE-0009, which no other spec touches), sees what changes
 * before saving, and then finds the member by the new e-mail in the header search. The old details
 * are put back at the end. Screenshots at 1,440 and 390 px land in test-results/customer-edit/.
 */
const code = 'COFFEE-0009';
const customer = 'demo-customer-09';
const shots = 'test-results/customer-edit';
const newEmail = 'noah.bakker.new@example.com';
let original: { email: string | null; phone: string | null } = { email: null, phone: null };

const expectAccessible = (page: Page, state: string, width: number) => expectAccessibleIn(page, shots, state, width);

test.beforeAll(async () => {
  const stored = (await serviceCall('GET', `/v1/customers/${customer}`)).body as { email: string | null; phone: string | null };
  original = { email: stored.email, phone: stored.phone };
});

test.afterAll(async () => {
  await serviceCall('PUT', `/v1/customers/${customer}`, { body: original });
});

test('corrects a member’s e-mail and phone after reviewing the change, and finds them by the new e-mail', async ({ page }) => {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 1000 });
    await page.goto(`/members/${code}`);
    const panel = page.getByRole('region', { name: 'Customer' });
    await expect(panel).toContainText(original.email as string);
    await panel.getByRole('button', { name: 'Correct details' }).click();
    const dialog = page.getByRole('dialog', { name: 'Correct the customer’s details' });
    await expect(dialog.getByLabel('E-mail')).toHaveValue(original.email as string);
    await expectAccessible(page, 'edit-form', width);

    // Checked as typed, in words, next to the field.
    await dialog.getByLabel('E-mail').fill('noah.example.com');
    await dialog.getByRole('button', { name: 'Review changes' }).click();
    await expect(dialog.getByLabel('E-mail')).toHaveAccessibleDescription('Enter an e-mail address such as name@example.com, or leave it empty.');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  }

  // At 1,440 px: change the e-mail, clear the phone, review, save.
  await page.setViewportSize({ width: 1440, height: 1000 });
  const panel = page.getByRole('region', { name: 'Customer' });
  await panel.getByRole('button', { name: 'Correct details' }).click();
  const form = page.getByRole('dialog', { name: 'Correct the customer’s details' });
  await form.getByLabel('E-mail').fill(newEmail);
  await form.getByLabel('Phone').fill('');
  await form.getByRole('button', { name: 'Review changes' }).click();
  const review = page.getByRole('dialog', { name: 'Save these changes?' });
  const changes = review.getByRole('list', { name: 'Changes' });
  await expect(changes.getByRole('listitem')).toHaveText([`E-mail: “${original.email}” becomes “${newEmail}”`, `Phone: “${original.phone}” becomes empty`]);
  await expectAccessible(page, 'edit-review', 1440);
  await review.getByRole('button', { name: 'Save changes' }).click();
  await expect(review).toBeHidden();
  await expect(panel.getByRole('alert')).toContainText('Saved the new e-mail, phone for Noah Bakker.');
  await expect(panel).toContainText(newEmail);
  const stored = (await serviceCall('GET', `/v1/customers/${customer}`)).body;
  expect(stored).toMatchObject({ email: newEmail, phone: null, name: 'Noah Bakker' });
  await expectAccessible(page, 'edit-saved', 1440);

  // The header search finds the member by the new e-mail.
  const search = page.getByRole('combobox', { name: /Find a member/ });
  await search.fill('noah.bakker.new');
  await expect(page.getByRole('option', { name: new RegExp(`Noah Bakker.*${newEmail}.*${code}`) })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/members/${code}`);
  await expect(page.getByRole('region', { name: 'Customer' })).toContainText(newEmail);
  await expectAccessible(page, 'edit-saved', 390);
});
