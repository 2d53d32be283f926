import { createHmac, timingSafeEqual } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible as expectAccessibleIn } from './support/expect-accessible';
import { e2eSecretsFile } from './support/stack';

/**
 * Settings → Webhooks (issue 29) against the real stack: an endpoint set up on the page pointing at
 * a receiver this test runs on 127.0.0.1, a test webhook seen in the log and sent again, both
 * received with a valid x-voucherify-signature; a test event of any type (issue 53); a new secret,
 * and deletion. Screenshots at 1,440
 * and 390 px land in SCREENS_DIR (default test-results/webhooks).
 */
const shots = process.env.SCREENS_DIR ?? 'test-results/webhooks';
const expectAccessible = (page: Page, state: string, width: number) => expectAccessibleIn(page, shots, state, width);

interface Received {
  body: Buffer;
  signature: string | undefined;
  team: string | undefined;
}

async function startReceiver(): Promise<{ url: string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ body: Buffer.concat(chunks), signature: request.headers['x-voucherify-signature'] as string | undefined, team: request.headers['x-team'] as string | undefined });
      response.writeHead(200, { 'content-type': 'text/plain' }).end('thanks, got it');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/loyalty-hooks`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The README's check: hex HMAC-SHA256 of the exact bytes, compared in constant time. */
function signedWith(secret: string, { body, signature }: Received): boolean {
  const expected = createHmac('sha256', secret).update(body).digest();
  const given = Buffer.from(signature ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

test('marketing sets up an endpoint, sends a test webhook, sees it in the log and sends it again; both arrive signed', async ({ page, context }) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const receiver = await startReceiver();
  try {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/settings/webhooks');
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Webhooks' })).toBeVisible();

    // Add: the form checks the address before sending anything.
    await page.getByRole('button', { name: 'Add endpoint' }).first().click();
    const form = page.getByRole('dialog', { name: 'Add endpoint' });
    await form.getByRole('textbox', { name: 'Endpoint URL' }).fill('ftp://nope');
    await form.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(form.getByText('Enter a full address starting with https:// (or http://).')).toBeVisible();
    await form.getByRole('textbox', { name: 'Endpoint URL' }).fill(receiver.url);
    await form.getByRole('checkbox', { name: 'Points', exact: true }).check();
    await form.getByRole('checkbox', { name: /^Order paid/ }).check();
    await form.getByRole('button', { name: 'Add header' }).click();
    await form.getByRole('textbox', { name: 'Header name' }).fill('X-Team');
    await form.getByRole('textbox', { name: 'Value' }).fill('loyalty');
    await expectAccessible(page, 'webhooks-form', 1440);
    await form.getByRole('button', { name: 'Add endpoint' }).click();

    // The secret, once, with a copy button.
    const shown = page.getByRole('dialog', { name: 'Endpoint added' });
    const secret = await shown.getByRole('textbox', { name: 'Signing secret' }).inputValue();
    expect(secret).toMatch(/^[\w-]{43}$/);
    appendFileSync(e2eSecretsFile, `${secret}\n`);
    await shown.getByRole('button', { name: 'Copy signing secret' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await expectAccessible(page, 'webhooks-secret', 1440);
    await shown.getByRole('button', { name: 'I have copied it' }).click();
    await expect(shown).toBeHidden();
    await expect(page.getByText(secret)).toHaveCount(0);

    const card = page.getByRole('region', { name: receiver.url });
    await expect(card.getByText(/Sends: Points earned or added, Points expired and 2 more · 1 custom header/)).toBeVisible();

    // Send a test webhook: it shows in the log, delivered, with what the receiver said.
    await card.getByRole('button', { name: 'Send test webhook' }).click();
    const log = card.getByRole('table', { name: 'Sendout log' });
    const firstTry = log.getByRole('row').filter({ hasText: 'Test webhook' }).filter({ hasText: 'Delivered' });
    await expect(firstTry).toHaveCount(1, { timeout: 15_000 });
    await expect(firstTry).toContainText('200');
    await expect(firstTry).toContainText('thanks, got it');
    expect(receiver.received).toHaveLength(1);

    // Send it again: a second attempt of the same webhook.
    await firstTry.getByRole('button', { name: /^Send again/ }).click();
    await expect(log.getByRole('row').filter({ hasText: 'Test webhook' })).toHaveCount(2, { timeout: 15_000 });
    await expect.poll(() => receiver.received.length).toBe(2);
    for (const webhook of receiver.received) {
      expect(signedWith(secret, webhook)).toBe(true);
      expect(webhook.team).toBe('loyalty');
    }
    const [first, second] = receiver.received.map((r) => JSON.parse(r.body.toString('utf8')) as { id: string; type: string; event: { id: string } });
    expect(first.type).toBe('webhook.test');
    // The same webhook again: the receiver can tell by its ids.
    expect(second.id).toBe(first.id);
    expect(second.event.id).toBe(first.event.id);

    // Send a test event of any type: the endpoint's own events first, the payload from the demo's own member.
    const picker = card.getByRole('combobox', { name: 'Send a test event' });
    await picker.fill('tier.upgraded');
    await page.getByRole('option', { name: /^customer\.loyalty\.tier\.upgraded/ }).click();
    await card.getByRole('button', { name: 'Send test event' }).click();
    await expect(card.getByRole('status').filter({ hasText: 'customer.loyalty.tier.upgraded on its way' })).toBeVisible();
    await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(3);
    const upgraded = JSON.parse(receiver.received[2].body.toString('utf8')) as { type: string; data: { customer: { object: string; id: string }; loyalty_tier_to: { object: string } } };
    expect(signedWith(secret, receiver.received[2])).toBe(true);
    expect(upgraded.type).toBe('customer.loyalty.tier.upgraded');
    expect(upgraded.data.customer.id).toMatch(/^cust_/);
    await expect(log.getByRole('row').filter({ hasText: 'customer.loyalty.tier.upgraded' })).toHaveCount(1, { timeout: 15_000 });
    await expectAccessible(page, 'webhooks-log', 1440);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectAccessible(page, 'webhooks-log', 390);

    // Change on a phone: the form fills the screen.
    await card.getByRole('button', { name: 'Change' }).click();
    const change = page.getByRole('dialog', { name: 'Change endpoint' });
    await expect(change.getByRole('checkbox', { name: /^Order paid/ })).toBeChecked();
    await expectAccessible(page, 'webhooks-form', 390);
    await change.getByRole('checkbox', { name: /^Custom event/ }).check();
    await change.getByRole('button', { name: 'Save changes' }).click();
    await expect(change).toBeHidden();
    await expect(card.getByText(/and 3 more/)).toBeVisible();

    // A new secret, after a confirmation; then the webhooks are signed with it.
    await card.getByRole('button', { name: 'New signing secret' }).click();
    await page.getByRole('dialog', { name: 'Make a new signing secret?' }).getByRole('button', { name: 'Make new secret' }).click();
    const rotated = page.getByRole('dialog', { name: 'New signing secret' });
    const newSecret = await rotated.getByRole('textbox', { name: 'Signing secret' }).inputValue();
    appendFileSync(e2eSecretsFile, `${newSecret}\n`);
    expect(newSecret).not.toBe(secret);
    await expectAccessible(page, 'webhooks-secret', 390);
    await rotated.getByRole('button', { name: 'I have copied it' }).click();
    await card.getByRole('button', { name: 'Send test webhook' }).click();
    await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(4);
    expect(signedWith(newSecret, receiver.received[3])).toBe(true);

    // Delete, after a confirmation.
    await page.setViewportSize({ width: 1440, height: 900 });
    await card.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete this endpoint?' }).getByRole('button', { name: 'Delete endpoint' }).click();
    await expect(card).toBeHidden();
    await expect(page.getByText('No endpoints yet.')).toBeVisible();
    await expectAccessible(page, 'webhooks-empty', 1440);
  } finally {
    await receiver.close();
  }
});
