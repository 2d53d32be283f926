import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { demoKeys } from './support/stack';
import { recordResponses } from './support/record-responses';


function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

async function chooseCoffeeClub(page: Page) {
  // Chosen once the select shows it (a click while the menu still moved in once chose another program).
  await expect(async () => {
    await page.getByLabel('Loyalty program').click();
    await page.getByRole('option', { name: /Coffee Club/ }).click();
    await expect(page.getByRole('listbox')).toBeHidden();
    await expect(page.getByRole('combobox', { name: 'Loyalty program' })).toContainText('Coffee Club', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

/** Enrolls a customer in the chosen program through the form; the card code the page announces. */
async function enroll(page: Page, customer: { sourceId: string; name: string; email: string }): Promise<string> {
  await page.getByLabel('Customer source ID', { exact: true }).fill(customer.sourceId);
  await page.getByLabel('Name', { exact: true }).fill(customer.name);
  await page.getByLabel('Email', { exact: true }).fill(customer.email);
  await page.getByRole('button', { name: 'Enroll member' }).click();
  const status = page.getByRole('status').filter({ hasText: 'Enrolled' });
  await expect(status).toContainText(new RegExp(`Enrolled ${customer.name} with card COFFEE-\\d{4}`));
  return (await status.textContent())?.match(/COFFEE-\d{4}/)?.[0] as string;
}

test('a marketing user enrolls a new customer and sees the published card', async ({ page }) => {
  const responses = recordResponses(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Enroll member' })).toBeVisible();

  await chooseCoffeeClub(page);
  const code = await enroll(page, { sourceId: `e2e-${Date.now()}`, name: 'Erin E2E', email: 'erin@example.com' });
  await expect(page.getByRole('img', { name: `QR code for ${code}` })).toBeVisible();
  await expect(page.getByRole('img', { name: `Barcode for ${code}` })).toBeVisible();
  // The images really loaded (through the proxy), not just their tags.
  const qrWidth = await page.getByRole('img', { name: `QR code for ${code}` }).evaluate((img: HTMLImageElement) => img.naturalWidth);
  expect(qrWidth).toBeGreaterThan(0);
  await expect(page.getByRole('table', { name: /Members of Coffee Club/ })).toContainText(code);
  await page.screenshot({ path: 'test-results/enroll-success.png', fullPage: true });

  const keys = demoKeys();
  for (const text of responses) {
    expect(text).not.toContain(keys.appToken);
    expect(text).not.toContain(keys.appId);
  }
});

test('an already-published card code shows the API error beside the card field', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Loyalty program').click();
  await page.getByRole('option', { name: /Coffee Club/ }).click();
  await page.getByLabel('Customer source ID', { exact: true }).fill(`e2e-dup-${Date.now()}`);
  // COFFEE-0001 is published to a demo customer.
  await page.getByLabel('Card code (optional)').fill('COFFEE-0001');
  await page.getByRole('button', { name: 'Enroll member' }).click();

  const field = page.getByLabel('Card code (optional)');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription('This card already belongs to a customer.');
  await page.screenshot({ path: 'test-results/enroll-already-published.png', fullPage: true });
});

test('a malformed email, then an over-long name, are refused beside their fields, in plain words, and nothing is sent', async ({ page }) => {
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/members')) posts.push(request.url());
  });
  await page.goto('/enroll');
  await chooseCoffeeClub(page);
  await page.getByLabel('Customer source ID', { exact: true }).fill(`e2e-typo-${Date.now()}`);
  await page.getByLabel('Email', { exact: true }).fill('not-an-email');
  await page.getByLabel('Name', { exact: true }).fill('x'.repeat(1001));
  await page.getByRole('button', { name: 'Enroll member' }).click();
  await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Email', { exact: true })).toHaveAccessibleDescription('Enter an email address such as name@example.com.');
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.getByLabel('Email', { exact: true }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/enroll-email-error-${width}.png` });
  }
  // The contract's own limits come next (the form checks its fields before the body they make).
  await page.getByLabel('Email', { exact: true }).fill('ada@example.com');
  await page.getByRole('button', { name: 'Enroll member' }).click();
  await expect(page.getByLabel('Name', { exact: true })).toHaveAccessibleDescription('Use at most 1,000 characters.');
  expect(posts).toEqual([]);
});

test('the members table names each holder and leads to the member page; a second enrollment links to the card held', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 1000 });
  await page.goto('/enroll');
  await chooseCoffeeClub(page);
  const sourceId = `e2e-twice-${Date.now()}`;
  const code = await enroll(page, { sourceId, name: 'Tove Twice', email: 'tove@example.com' });

  // The same customer again: said in words beside the identifier, with a link to the card held.
  await page.getByLabel('Customer source ID', { exact: true }).fill(sourceId);
  await page.getByRole('button', { name: 'Enroll member' }).click();
  const identifier = page.getByLabel('Customer source ID', { exact: true });
  await expect(identifier).toHaveAccessibleDescription('The customer already holds a card in this program.');
  await expect(page.getByText(/cust_|camp_/)).toHaveCount(0);
  const held = page.getByRole('status').filter({ hasText: 'already holds card' });
  await expect(held.getByRole('link', { name: code })).toHaveAttribute('href', `/members/${code}`);
  await page.screenshot({ path: 'test-results/enroll-duplicate-1440.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await identifier.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/enroll-duplicate-390.png' });
  await page.setViewportSize({ width: 1440, height: 1000 });

  // The members table: name and email, never the customer id; the card code is the row's link, reached by keyboard.
  const table = page.getByRole('table', { name: /Members of Coffee Club/ });
  const row = table.getByRole('row').filter({ hasText: code });
  await expect(row).toContainText('Tove Twice');
  await expect(row).toContainText('tove@example.com');
  await expect(table).not.toContainText('cust_');
  const link = row.getByRole('link', { name: new RegExp(code) });
  await link.focus();
  await expect(link).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/members/${code}$`));

  // A click anywhere on a row opens the member page too; on a phone the row keeps name, card and balance.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/members');
  await chooseCoffeeClub(page);
  await expect(page.getByRole('table', { name: /Members of Coffee Club/ })).toContainText('Tove Twice');
  await page.screenshot({ path: 'test-results/members-390.png', fullPage: true });
  await page.getByRole('table', { name: /Members of Coffee Club/ }).getByRole('row').filter({ hasText: 'Tove Twice' }).getByText('tove@example.com').click();
  await expect(page).toHaveURL(new RegExp(`/members/${code}$`));
});

test('the built dashboard holds no API key', async () => {
  const keys = demoKeys();
  for (const file of filesUnder('dist')) {
    const text = readFileSync(file, 'latin1');
    expect(text, file).not.toContain(keys.appToken);
    expect(text, file).not.toContain(keys.appId);
  }
});
