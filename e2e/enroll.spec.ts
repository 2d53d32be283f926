import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { demoKeys } from './support/stack';
import { recordResponses } from './support/record-responses';


function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

test('a marketing user enrolls a new customer and sees the published card', async ({ page }) => {
  const responses = recordResponses(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Enroll member' })).toBeVisible();

  await page.getByLabel('Loyalty program').click();
  await page.getByRole('option', { name: /Coffee Club/ }).click();
  const sourceId = `e2e-${Date.now()}`;
  await page.getByLabel('Customer source ID', { exact: true }).fill(sourceId);
  await page.getByLabel('Name').fill('Erin E2E');
  await page.getByLabel('Email').fill('erin@example.com');
  await page.getByRole('button', { name: 'Enroll member' }).click();

  const status = page.getByRole('status').filter({ hasText: 'Enrolled' });
  await expect(status).toContainText(/with card COFFEE-\d{4}/);
  const code = (await status.textContent())?.match(/COFFEE-\d{4}/)?.[0] as string;
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
  await expect(page.getByText(/Voucher already published/)).toBeVisible();
  await page.screenshot({ path: 'test-results/enroll-already-published.png', fullPage: true });
});

test('the built dashboard holds no API key', async () => {
  const keys = demoKeys();
  for (const file of filesUnder('dist')) {
    const text = readFileSync(file, 'latin1');
    expect(text, file).not.toContain(keys.appToken);
    expect(text, file).not.toContain(keys.appId);
  }
});
