import { appendFileSync, readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { defaultCost } from '../src/proxy/auth/password-hash';
import { secondProxyPort, startSecondProxy } from './support/second-proxy';
import { demoKeys, e2eSecretsFile } from './support/stack';
import { recordResponses } from './support/record-responses';

const maria = { username: 'maria', role: 'marketing' as const, password: 'maria-e2e-password-4711' };
const sam = { username: 'sam', role: 'support' as const, password: 'sam-e2e-password-0815' };
const lou = { username: 'lou', role: 'support' as const, password: 'lou-e2e-password-2323' };
const signInProxy = `http://localhost:${secondProxyPort}`;

/** Secrets this run saw, for the log scan at the end of the run (log-hygiene.teardown.ts). */
function rememberSecret(...values: string[]): void {
  appendFileSync(e2eSecretsFile, values.map((v) => `${v}\n`).join(''));
}


function expectNoSecretIn(responses: string[]): void {
  const keys = demoKeys();
  for (const text of responses) {
    for (const secret of [keys.appToken, keys.appId, maria.password, sam.password, lou.password]) expect(text).not.toContain(secret);
  }
}

/** Any Content-Security-Policy violation the page reports. */
function recordCspViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

/** A call from the page itself, as the dashboard's code makes it (cookie + CSRF header). */
async function callFromPage(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const csrf = document.cookie.split('; ').find((c) => c.startsWith('dashboard_csrf='))?.slice('dashboard_csrf='.length) ?? '';
      const response = await fetch(path, { method, headers: { 'content-type': 'application/json', 'x-csrf-token': decodeURIComponent(csrf) }, body: body === undefined ? undefined : JSON.stringify(body) });
      return { status: response.status, body: await response.json().catch(() => null) };
    },
    { method, path, body },
  );
}

async function signIn(page: Page, user: { username: string; password: string }): Promise<void> {
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test.describe('sign-in and roles (a proxy with demo mode off)', () => {
  let second: Awaited<ReturnType<typeof startSecondProxy>>;
  test.use({ baseURL: signInProxy });
  test.beforeAll(async () => {
    rememberSecret(maria.password, sam.password, lou.password);
    second = await startSecondProxy([maria, sam, lou], defaultCost);
  });
  test.afterAll(async () => second?.close());

  test('sign-in is required; a wrong password is refused; a marketing user signs in, sees every area, and signs out', async ({ page }) => {
    const responses = recordResponses(page);
    const violations = recordCspViolations(page);
    const document = await page.goto('/members');
    expect(document?.headers()['content-security-policy']).toContain("script-src 'self';");
    await expect(page).toHaveURL(/\/sign-in$/);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue as the demo user' })).toHaveCount(0);
    await page.screenshot({ path: '/tmp/sign-in-1-form.png' });

    await signIn(page, { username: maria.username, password: 'not her password' });
    await expect(page.getByText('The username or password is not correct')).toBeVisible();
    await page.screenshot({ path: '/tmp/sign-in-2-wrong-password.png' });

    await signIn(page, maria);
    // Back to the page first asked for.
    await expect(page.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Signed-in user' })).toContainText('maria');
    await expect(page.getByRole('group', { name: 'Signed-in user' })).toContainText('Marketing');
    await expect(page.getByRole('note', { name: 'Demo mode' })).toHaveCount(0);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    for (const area of ['Enroll member', 'Members', 'Segments', 'Tokens', 'Events', 'Locations']) await expect(nav.getByRole('link', { name: area })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Enroll a member' })).toBeVisible();

    // Every area loads under the CSP (the map, the segment parser's worker, emotion's styles).
    for (const area of ['Enroll member', 'Earning rules', 'Events', 'Segments', 'Locations', 'Tokens']) {
      await nav.getByRole('link', { name: area }).click();
      await expect(page.getByRole('heading', { level: 1, name: area })).toBeVisible();
    }
    await expect(page.getByRole('button', { name: 'Issue token' })).toBeVisible();
    await page.screenshot({ path: '/tmp/sign-in-3-marketing.png' });

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await page.goto('/enroll');
    await expect(page).toHaveURL(/\/sign-in$/);
    expect(violations).toEqual([]);
    expectNoSecretIn(responses);
  });

  test('a support agent sees only what the role may do, and the proxy refuses the rest', async ({ page }) => {
    const responses = recordResponses(page);
    await page.goto('/');
    await signIn(page, sam);
    // Support lands on Members: Enroll member is not theirs.
    await expect(page.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link', { name: 'Enroll member' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Enroll a member' })).toHaveCount(0);
    await expect(page.getByRole('group', { name: 'Signed-in user' })).toContainText('Support');
    await page.screenshot({ path: '/tmp/sign-in-4-support-members.png' });

    await nav.getByRole('link', { name: 'Tokens' }).click();
    await expect(page.getByRole('button', { name: 'Introspect' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Issue token' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Revoke' })).toHaveCount(0);
    await page.screenshot({ path: '/tmp/sign-in-5-support-tokens.png' });

    await nav.getByRole('link', { name: 'Segments' }).click();
    await expect(page.getByText('Your role can look segments up but not create them')).toBeVisible();

    // Earning rules: read, not authored (no New rule, Edit, Disable or Delete; the builder says why).
    await nav.getByRole('link', { name: 'Earning rules' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Earning rules' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'New rule' })).toHaveCount(0);
    await page.getByRole('table', { name: 'Earning rules' }).getByRole('link', { name: '10 points for an app review' }).click();
    await expect(page.getByRole('region', { name: 'What it does' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);
    for (const name of ['Disable', 'Delete']) await expect(page.getByRole('button', { name })).toHaveCount(0);
    await page.goto('/earning-rules/new');
    await expect(page.getByText('Your role reads earning rules but cannot create or change them.')).toBeVisible();

    await page.goto('/enroll');
    await expect(page.getByText('The support role cannot use Enroll member.')).toBeVisible();
    await page.screenshot({ path: '/tmp/sign-in-6-support-enroll.png' });

    // Hidden is not enough: the proxy refuses the call itself.
    const programs = await callFromPage(page, 'GET', '/api/v1/loyalties');
    expect(programs.status).toBe(200);
    const campaignId = programs.body.campaigns[0].id as string;
    const enroll = await callFromPage(page, 'POST', `/api/v1/loyalties/${campaignId}/members`, { customer: 'support-should-not' });
    expect(enroll).toMatchObject({ status: 403, body: { key: 'forbidden', details: `The support role may not POST /v1/loyalties/${campaignId}/members` } });
    const rule = await callFromPage(page, 'POST', `/api/v1/loyalties/${campaignId}/earning-rules`, [{ event: 'x', custom_event: { schema_id: 'ms_x' }, loyalty: { type: 'FIXED', points: 1 } }]);
    expect(rule).toMatchObject({ status: 403, body: { key: 'forbidden' } });
    const event = await callFromPage(page, 'POST', '/api/v1/events', { event: 'support-check', customer: { source_id: 'support-e2e' } });
    expect(event.status).not.toBe(403);
    expectNoSecretIn(responses);
  });

  test('an export started from the dashboard carries channel WEBSITE and the user’s id', async ({ page }) => {
    await page.goto('/');
    await signIn(page, maria);
    await expect(page.getByRole('group', { name: 'Signed-in user' })).toContainText('maria');
    const session = await page.evaluate(() => fetch('/auth/session').then((r) => r.json()));
    const exported = await callFromPage(page, 'POST', '/api/v1/loyalties/members/COFFEE-0001/transactions/export', {});
    expect(exported).toMatchObject({ status: 200, body: { object: 'export', channel: 'WEBSITE', user_id: session.user.id } });
    // A CSRF-less call from the same signed-in page is refused.
    const forged = await page.evaluate(() => fetch('/api/v1/loyalties/members/COFFEE-0001/transactions/export', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }).then((r) => r.status));
    expect(forged).toBe(403);

    const token = await page.evaluate(async () => {
      const csrf = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('dashboard_csrf='))?.slice(15) ?? '');
      const response = await fetch('/api/v1/oauth/token', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-csrf-token': csrf }, body: 'grant_type=client_credentials&scope=loyalties' });
      return ((await response.json()) as { access_token: string }).access_token;
    });
    expect(token).toMatch(/^[\w-]{43}$/);
    rememberSecret(token);
  });

  test('five failed sign-ins lock the account', async ({ page }) => {
    await page.goto('/sign-in');
    for (let i = 1; i <= 4; i++) {
      await signIn(page, { username: lou.username, password: `wrong ${i}` });
      await expect(page.getByText('The username or password is not correct')).toBeVisible();
    }
    await signIn(page, { username: lou.username, password: 'wrong 5' });
    await expect(page.getByText('Too many failed sign-ins; try again in 15 minutes')).toBeVisible();
    await signIn(page, lou);
    await expect(page.getByText('Too many failed sign-ins')).toBeVisible();
    await page.screenshot({ path: '/tmp/sign-in-7-locked.png' });
  });
});

test('the built index.html has no inline script, so the CSP needs no unsafe-inline for scripts', () => {
  const html = readFileSync('dist/index.html', 'utf8');
  expect(html).toContain('<script type="module" crossorigin src="/assets/');
  expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
});

test('the e2e stack runs in demo mode, clearly marked, and its export downloads keep their token out of the logs', async ({ page }) => {
  const responses = recordResponses(page);
  await page.goto('/');
  await expect(page.getByRole('note', { name: 'Demo mode' })).toHaveText(/Demo mode — signed in automatically as demo \(marketing\)/);
  await page.screenshot({ path: '/tmp/sign-in-8-demo-banner.png' });

  // A download through the proxy: its token travels in the query string the proxy and service log.
  const exported = await callFromPage(page, 'POST', '/api/v1/loyalties/members/COFFEE-0001/transactions/export', {});
  expect(exported.body.channel).toBe('WEBSITE');
  let url: string | undefined;
  await expect
    .poll(
      async () => {
        const polled = await callFromPage(page, 'GET', `/api/v1/exports/${exported.body.id}`);
        url = polled.body.result?.url;
        return polled.body.status;
      },
      { timeout: 30_000 },
    )
    .toBe('DONE');
  const downloadToken = new URL(url as string).searchParams.get('token') as string;
  rememberSecret(downloadToken);
  const download = await page.evaluate((path) => fetch(path).then((r) => r.status), `/api/v1/exports/${exported.body.id}?token=${encodeURIComponent(downloadToken)}`);
  expect(download).toBe(200);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.goto('/');
  // Signed out stays signed out: demo mode offers the way back instead of forcing it.
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.screenshot({ path: '/tmp/sign-in-9-demo-signed-out.png' });
  await page.getByRole('button', { name: 'Continue as the demo user' }).click();
  await expect(page.getByRole('note', { name: 'Demo mode' })).toBeVisible();
  expectNoSecretIn(responses);
});
