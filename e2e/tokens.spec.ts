import { expect, test } from '@playwright/test';
import { demoKeys, e2eServicePort } from './support/stack';
import { recordResponses } from './support/record-responses';


/** The token used against the service directly, as an integration would. */
async function statusWithBearer(token: string, path: string): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${e2eServicePort}${path}`, { headers: { Authorization: `Bearer ${token}` } });
  return response.status;
}

test('a support agent issues a token, introspects it (active), revokes it, and sees it inactive', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const responses = recordResponses(page);
  await page.goto('/tokens');
  await expect(page.getByRole('heading', { level: 1, name: 'Tokens' })).toBeVisible();

  // No scope chosen: the form says so next to the field.
  await page.getByRole('button', { name: 'Issue token' }).click();
  await expect(page.getByText('Choose at least one scope.')).toBeVisible();

  // Each scope is explained in the list; the search also covers the explanations.
  const scopes = page.getByRole('combobox', { name: 'Scopes' });
  await scopes.click();
  await expect(page.getByRole('option')).toHaveCount(42);
  await expect(page.getByRole('option', { name: /^loyalties / })).toContainText('Loyalty programs, members, cards, points and earning rules');
  await page.getByRole('option', { name: /^loyalties / }).click();
  await scopes.fill('geographic');
  await expect(page.getByRole('option')).toHaveCount(1);
  await page.screenshot({ path: '/tmp/tokens-1-scope-search.png', fullPage: true, animations: 'disabled' });
  await page.getByRole('option', { name: /^locations / }).click();
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Issue token' }).click();
  const issued = page.getByRole('textbox', { name: 'Issued access token' });
  await expect(issued).toHaveValue(/^[A-Za-z0-9_-]{43}$/);
  const token = await issued.inputValue();
  await expect(page.getByRole('list', { name: 'Scopes of the new token' })).toHaveText(/loyalties\s*locations/);
  await expect(page.getByText('the token is shown only once', { exact: false })).toBeVisible();

  // The countdown starts at 15 minutes and ticks.
  const countdown = page.getByLabel(/^Expires in 1[45] minutes/);
  await expect(countdown).toBeVisible();
  const first = await countdown.textContent();
  await expect.poll(async () => page.getByLabel(/^Expires in/).textContent(), { timeout: 5_000 }).not.toBe(first);

  await page.getByRole('button', { name: 'Copy access token' }).click();
  await expect(page.getByRole('button', { name: 'Copy access token' })).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
  await page.screenshot({ path: '/tmp/tokens-2-issued.png', fullPage: true, animations: 'disabled' });

  // It works as a bearer, within its scopes only.
  expect(await statusWithBearer(token, '/v1/loyalties')).toBe(200);
  expect(await statusWithBearer(token, '/v1/publications')).toBe(403);

  // Introspect the pasted token: active, its scope, time left.
  await page.getByRole('textbox', { name: 'Token to inspect' }).fill(token);
  await page.getByRole('button', { name: 'Introspect' }).click();
  const result = page.getByRole('region', { name: 'Introspection result' });
  await expect(result.getByText('Active', { exact: true })).toBeVisible();
  await expect(result.getByRole('list', { name: 'Scopes of the inspected token' })).toHaveText(/loyalties\s*locations/);
  await expect(result.getByLabel(/^Time left 1[45] minutes/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Introspect' })).toBeEnabled();
  await page.screenshot({ path: '/tmp/tokens-3-active.png', fullPage: true, animations: 'disabled' });

  // Revoke, confirming first.
  await page.getByRole('button', { name: 'Revoke', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Revoke this token?' });
  await expect(dialog).toContainText(token.slice(-6));
  await page.screenshot({ path: '/tmp/tokens-4-confirm.png', animations: 'disabled' });
  await dialog.getByRole('button', { name: 'Revoke token' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Token revoked' })).toBeVisible();
  expect(await statusWithBearer(token, '/v1/loyalties')).toBe(401);
  // The result on screen follows at once...
  await expect(result.getByText('Inactive', { exact: true })).toBeVisible();

  // ...and introspecting again says the same.
  const answer = page.waitForResponse((response) => response.url().endsWith('/api/v1/oauth/introspect'));
  await page.getByRole('button', { name: 'Introspect' }).click();
  expect(await (await answer).json()).toEqual({ active: false });
  await expect(page.getByRole('button', { name: 'Introspect' })).toBeEnabled();
  await expect(result.getByText('Inactive', { exact: true })).toBeVisible();
  await expect(result.getByText('Active', { exact: true })).toHaveCount(0);
  await page.screenshot({ path: '/tmp/tokens-5-inactive.png', fullPage: true, animations: 'disabled' });

  // Revoking it again is the API's 404, in its own words.
  await page.getByRole('button', { name: 'Revoke', exact: true }).click();
  await page.getByRole('dialog', { name: 'Revoke this token?' }).getByRole('button', { name: 'Revoke token' }).click();
  const failure = page.getByRole('alert').filter({ hasText: 'The token was not revoked' });
  await expect(failure).toContainText('Cannot find an active OAuth token');
  await expect(failure).toContainText('Error key: not_found');
  await page.screenshot({ path: '/tmp/tokens-6-revoke-again.png', fullPage: true, animations: 'disabled' });

  const keys = demoKeys();
  for (const text of responses) {
    expect(text).not.toContain(keys.appToken);
    expect(text).not.toContain(keys.appId);
  }
});

test('an unknown token introspects as inactive, and "Inspect this token" fills the inspector', async ({ page }) => {
  await page.goto('/tokens');
  await page.getByRole('textbox', { name: 'Token to inspect' }).fill('not-a-real-token');
  await page.getByRole('button', { name: 'Introspect' }).click();
  await expect(page.getByRole('region', { name: 'Introspection result' }).getByText('Inactive', { exact: true })).toBeVisible();

  await page.getByRole('combobox', { name: 'Scopes' }).click();
  await page.getByRole('option', { name: /^api / }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Issue token' }).click();
  const token = await page.getByRole('textbox', { name: 'Issued access token' }).inputValue();
  await page.getByRole('button', { name: 'Inspect this token' }).click();
  await expect(page.getByRole('textbox', { name: 'Token to inspect' })).toHaveValue(token);
  await expect(page.getByRole('region', { name: 'Introspection result' }).getByText('Active', { exact: true })).toBeVisible();
});
