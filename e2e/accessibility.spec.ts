import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { defaultCost } from '../src/proxy/auth/password-hash';
import { startSecondProxy } from './support/second-proxy';
import { serviceCall } from './support/stack';

/**
 * axe-core on every page of the dashboard and its main states (empty, filled form, error shown,
 * dialog open), at 1,440 and 390 px: no serious or critical violation, and no page that scrolls
 * sideways (a wide table scrolls inside its own box). The member page has a spec of its own.
 * Screenshots of each state land in test-results/a11y/.
 */
const widths = [1440, 390] as const;

async function expectAccessible(page: Page, state: string, width: number) {
  // Transitions finished (menus, dialogs fading in), so axe sees the colours people see.
  await page.waitForTimeout(400);
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${state}: ${v.id}: ${v.nodes.map((n) => n.html.slice(0, 160)).join(' | ')}`)).toEqual([]);
  const { overflow, widest } = await page.evaluate(() => {
    const limit = document.documentElement.clientWidth;
    // The innermost elements that reach past the right edge: where to look when the page scrolls sideways.
    const past = [...document.querySelectorAll('body *')].filter((el) => el.getBoundingClientRect().right > limit + 1);
    const innermost = past.filter((el) => !past.some((other) => other !== el && el.contains(other)));
    return {
      overflow: document.documentElement.scrollWidth - limit,
      widest: innermost.slice(0, 5).map((el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)} "${(el.textContent ?? '').slice(0, 40)}"`),
    };
  });
  expect(overflow, `${state} scrolls sideways by ${overflow}px at ${width}px: ${widest.join(' | ')}`).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `test-results/a11y/${state}-${width}.png`, fullPage: true });
}

async function chooseProgram(page: Page, name: RegExp) {
  await page.getByLabel('Loyalty program').click();
  await page.getByRole('option', { name }).click();
}

for (const width of widths) {
  test.describe(`at ${width} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    });

    test('enroll and members: empty, filled, errors shown', async ({ page }) => {
      test.setTimeout(120_000);
      await page.goto('/enroll');
      await chooseProgram(page, /Coffee Club/);
      await expect(page.getByRole('table', { name: /Members of Coffee Club/ })).toBeVisible();
      await expectAccessible(page, 'enroll-empty', width);

      await page.getByLabel('Customer source ID', { exact: true }).fill(`a11y-${width}-${Date.now()}`);
      await page.getByLabel('Name', { exact: true }).fill('Ada Axe');
      await page.getByLabel('Email', { exact: true }).fill('ada@example.com');
      await page.getByRole('button', { name: 'Add customer metadata' }).click();
      await expectAccessible(page, 'enroll-filled', width);
      await page.getByLabel('Email', { exact: true }).fill('not-an-email');
      await page.getByRole('button', { name: 'Enroll member' }).click();
      await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('aria-invalid', 'true');
      await expectAccessible(page, 'enroll-error', width);

      await page.getByLabel('Email', { exact: true }).fill('ada@example.com');
      await page.getByLabel('Card code (optional)').fill('COFFEE-0001');
      await page.getByRole('button', { name: 'Enroll member' }).click();
      await expect(page.getByLabel('Card code (optional)')).toHaveAttribute('aria-invalid', 'true');
      await expectAccessible(page, 'enroll-api-error', width);

      await page.goto('/members');
      await chooseProgram(page, /Coffee Club/);
      await expect(page.getByRole('table', { name: /Members of Coffee Club/ }).getByRole('link').first()).toBeVisible();
      await expectAccessible(page, 'members', width);
    });

    test('earning rules: list, one rule, the builder empty and with errors', async ({ page }) => {
      test.setTimeout(120_000);
      await page.goto('/earning-rules');
      // Below 600 px the rules are a list of cards (e2e/phone-layouts.spec.ts).
      const rules = width === 390 ? page.getByRole('list', { name: 'Earning rules' }) : page.getByRole('table', { name: 'Earning rules' });
      await expect(rules).toBeVisible();
      await expectAccessible(page, 'earning-rules', width);

      await rules.getByRole('link').first().click();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectAccessible(page, 'earning-rule', width);

      await page.goto('/earning-rules/new');
      await expect(page.getByRole('heading', { level: 1, name: 'New earning rule' })).toBeVisible();
      await expectAccessible(page, 'rule-builder-empty', width);
      await page.getByRole('button', { name: 'Create rule' }).click();
      await expectAccessible(page, 'rule-builder-error', width);
    });

    test('events: empty and with an error shown', async ({ page }) => {
      test.setTimeout(90_000);
      await page.goto('/events');
      const form = page.getByRole('form', { name: 'Send an event' });
      await expect(form).toBeVisible();
      await expectAccessible(page, 'events-empty', width);
      // referral_signup has no metadata, so the request reaches the service and its error comes back.
      await form.getByRole('combobox', { name: 'Event' }).click();
      await page.getByRole('option', { name: 'referral_signup', exact: true }).click();
      await form.getByLabel('Customer source ID').fill('demo-customer-01');
      await form.getByLabel('Loyalty card code').fill('NO-SUCH-CARD');
      await form.getByRole('button', { name: 'Send event' }).click();
      await expect(form.getByLabel('Loyalty card code')).toHaveAttribute('aria-invalid', 'true');
      await expectAccessible(page, 'events-error', width);
    });

    test('exports: list, form error, delete dialog open', async ({ page }) => {
      test.setTimeout(90_000);
      // One export to list and to open the delete dialog for.
      expect((await serviceCall('POST', '/v1/loyalties/members/COFFEE-0002/transactions/export', {})).status).toBe(200);
      await page.goto('/exports');
      await expect(page.getByRole(width === 390 ? 'list' : 'table', { name: 'Exports' })).toBeVisible();
      await expectAccessible(page, 'exports', width);
      await page.getByRole('button', { name: /Start export/ }).click();
      await expectAccessible(page, 'exports-form-error', width);
      await page.getByRole('button', { name: /^Delete exp_/ }).first().click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectAccessible(page, 'exports-delete-dialog', width);
      await page.keyboard.press('Escape');
    });

    test('segments, locations, tokens and a page that does not exist', async ({ page }) => {
      test.setTimeout(120_000);
      await page.goto('/segments');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectAccessible(page, 'segments', width);
      await page.getByLabel('Segment name').fill('Axe check');
      await page.getByRole('textbox', { name: 'Customer ids or source ids' }).fill('cust_demobulk00001\ncust_demobulk00002\nnot an id');
      await expect(page.getByRole('status', { name: 'Customer id counts' })).toBeVisible();
      await expectAccessible(page, 'segments-filled', width);

      await page.goto('/locations');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectAccessible(page, 'locations', width);

      await page.goto('/tokens');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectAccessible(page, 'tokens', width);

      await page.goto('/no-such-page');
      await expectAccessible(page, 'not-found', width);
    });
  });
}

test.describe('the sign-in page (a proxy with demo mode off)', () => {
  let second: Awaited<ReturnType<typeof startSecondProxy>>;
  test.beforeAll(async () => {
    second = await startSecondProxy([], defaultCost);
  });
  test.afterAll(async () => second?.close());

  for (const width of widths) {
    test(`empty and with an error shown at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 844 });
      await page.goto(`${second.baseURL}/sign-in`);
      await expect(page.getByLabel('Username')).toBeVisible();
      await expectAccessible(page, 'sign-in', width);
      await page.getByLabel('Username').fill('nobody');
      await page.getByLabel('Password').fill('wrong-password');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect(page.getByRole('alert')).toBeVisible();
      await expectAccessible(page, 'sign-in-error', width);
    });
  }
});
