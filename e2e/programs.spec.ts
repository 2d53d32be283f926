import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible } from './support/expect-accessible';
import { serviceCall } from './support/stack';

/**
 * Issue 30 in the dashboard, as marketing and a support agent meet it: a program and a reward made
 * on the Programs and Rewards pages, a member enrolled into the new program, points added, the new
 * reward redeemed and rolled back, the manual addition reversed, points moved in from the member's
 * card in another program, and the program's deletion behind its typed name. Every new page and
 * dialog is checked with axe and photographed at 1,440 and 390 px.
 */
const shots = '/work/notes/screens';
const stamp = Date.now().toString(36).slice(-5).toUpperCase();
const programName = `Tea Club ${stamp}`;
const rewardName = `Tea mug ${stamp}`;
const section = (page: Page, name: string) => page.getByRole('region', { name });

/** Both widths of one state: axe, nothing sideways, a screenshot each; back to the wide screen after. */
async function bothWidths(page: Page, state: string, check?: () => Promise<void>) {
  await page.setViewportSize({ width: 1440, height: 1000 });
  await expectAccessible(page, shots, `programs-ui-${state}`, 1440);
  await page.setViewportSize({ width: 390, height: 844 });
  if (check) await check();
  await expectAccessible(page, shots, `programs-ui-${state}`, 390);
  await page.setViewportSize({ width: 1440, height: 1000 });
}

async function choose(page: Page, label: string, option: string | RegExp, scope: Page | Locator = page) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).click();
  await expect(page.getByRole('listbox')).toBeHidden();
}

test('a program and a reward made in the dashboard, a member enrolled, points added, the reward redeemed and rolled back', async ({ page }) => {
  // One long story on a busy machine: every state is checked with axe at two widths.
  test.setTimeout(600_000);
  await page.setViewportSize({ width: 1440, height: 1000 });
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Programs' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Programs' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Loyalty programs' }).getByRole('link', { name: 'Coffee Club', exact: true })).toBeVisible();
  await bothWidths(page, 'programs', async () => {
    await expect(page.getByRole('list', { name: 'Loyalty programs' }).getByRole('button', { name: 'Delete Coffee Club' })).toBeVisible();
  });

  // A new program: mistakes named beside their fields, a live example of the card code.
  await page.getByRole('link', { name: 'New program' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New program' })).toBeVisible();
  await choose(page, 'Code format', /^A pattern/);
  await page.getByLabel('Pattern').fill('TEA-');
  await page.getByRole('button', { name: 'Create program' }).click();
  await expect(page.getByLabel('Program name')).toHaveAccessibleDescription('Enter a name, such as Coffee Club.');
  await expect(page.getByLabel('Pattern')).toHaveAccessibleDescription('Put at least one # where a random character goes, such as CLUB-####.');
  await bothWidths(page, 'program-new-errors');
  await page.getByLabel('Program name').fill(programName);
  await page.getByLabel('Pattern').fill('TEA-####');
  await choose(page, 'Random characters', 'Digits only');
  await expect(page.getByTestId('example-code')).toHaveText(/^A card code will look like TEA-\d{4}$/);
  await choose(page, 'Points added by hand', 'Expire after a number of months');
  await page.getByLabel('Months').fill('6');
  await bothWidths(page, 'program-new');
  await page.getByRole('button', { name: 'Create program' }).click();

  await expect(page.getByRole('heading', { level: 1, name: programName })).toBeVisible();
  await expect(page.getByText(`${programName} was created.`)).toBeVisible();
  const programId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
  const stored = (await serviceCall('GET', `/v1/loyalties/${programId}`)).body;
  expect(stored).toMatchObject({ name: programName, voucher: { code_config: { pattern: 'TEA-####', charset: '0123456789' }, loyalty_card: { expiration_rules: { period_type: 'MONTH', period_value: 6 } } } });
  // Editing: the dates change; the name and code format stay as made.
  await expect(page.getByLabel('Program name')).toBeDisabled();
  await page.getByLabel('Cards work until').fill('2099-12-31');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();
  expect((await serviceCall('GET', `/v1/loyalties/${programId}`)).body.expiration_date).toMatch(/^2099-12-31T23:59:59/);
  await bothWidths(page, 'program-edit');

  // A program with tiers shows them read-only, with the way to the tiers page.
  const coffee = ((await serviceCall('GET', '/v1/loyalties?limit=100')).body.campaigns as { id: string; name: string }[]).find((p) => p.name === 'Coffee Club')!;
  await page.goto(`/programs/${coffee.id}`);
  await expect(page.getByRole('list', { name: 'Tiers of Coffee Club, lowest first' })).toContainText('Silver');
  await expect(page.getByRole('link', { name: 'See what each tier earns and pays' })).toBeVisible();
  await bothWidths(page, 'program-edit-tiers');

  // A reward: a product from stock, offered by the new program at 30 points.
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Rewards' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Rewards' })).toBeVisible();
  await bothWidths(page, 'rewards');
  await page.getByRole('button', { name: 'New reward' }).click();
  const dialog = page.getByRole('dialog', { name: 'New reward' });
  await dialog.getByRole('button', { name: 'Create reward' }).click();
  await expect(dialog.getByLabel('Product')).toHaveAccessibleDescription('Choose the product the member gets.');
  await bothWidths(page, 'reward-new');
  await dialog.getByLabel('Reward name').fill(rewardName);
  await choose(page, 'Product', 'Coffee Club mug', dialog);
  await dialog.getByLabel('How many are left').fill('5');
  await dialog.getByRole('button', { name: 'Create reward' }).click();
  await expect(page.getByText(`${rewardName} was created.`)).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: rewardName });
  await expect(row).toContainText('Coffee Club mug, 5 left');
  await expect(row).toContainText('No program yet');
  await row.getByRole('button', { name: `Offer in a program: ${rewardName}` }).click();
  const offer = page.getByRole('dialog', { name: `Offer ${rewardName} in a program` });
  await choose(page, 'Program', programName, offer);
  await offer.getByLabel('Price in points').fill('30');
  await bothWidths(page, 'reward-offer');
  await offer.getByRole('button', { name: 'Offer reward' }).click();
  await expect(page.getByText(`${programName} now offers ${rewardName}.`)).toBeVisible();
  await expect(row.getByRole('list', { name: `Programs offering ${rewardName}` })).toHaveText(/Tea Club \w+: 30 points/);
  const reward = ((await serviceCall('GET', '/v1/rewards?limit=100')).body.data as { id: string; name: string; stock: number }[]).find((r) => r.name === rewardName)!;

  // A member enrolled into the new program.
  await page.goto(`/enroll?program=${programId}`);
  await page.getByLabel('Customer source ID', { exact: true }).fill(`e2e-tea-${stamp}`);
  await page.getByLabel('Name').fill(`Tess ${stamp}`);
  await page.getByLabel('Email').fill(`tess-${stamp.toLowerCase()}@example.com`);
  await page.getByRole('button', { name: 'Enroll member' }).click();
  const enrolled = page.getByRole('status').filter({ hasText: 'Enrolled' });
  await expect(enrolled).toContainText(/with card TEA-\d{4}/);
  const code = (await enrolled.textContent())!.match(/TEA-\d{4}/)![0];

  // Points added, the reward redeemed.
  await page.goto(`/members/${code}`);
  const balance = page.getByTestId('member-balance');
  const adjust = section(page, 'Add or remove points');
  await adjust.getByRole('textbox', { name: 'Points', exact: true }).fill('100');
  await adjust.getByRole('textbox', { name: 'Reason' }).fill('Welcome gift');
  await adjust.getByRole('button', { name: 'Add points' }).click();
  await expect(balance).toHaveText('100');
  await section(page, 'Redeem a reward').getByRole('button', { name: `Redeem ${rewardName}` }).click();
  await page.getByRole('dialog', { name: `Redeem ${rewardName}?` }).getByRole('button', { name: 'Redeem for 30 points' }).click();
  await expect(balance).toHaveText('70');
  expect((await serviceCall('GET', `/v1/rewards/${reward.id}`)).body.stock).toBe(4);

  // Rolled back: a reason is required, then the points and the stock come back.
  const history = section(page, 'Transactions');
  await history.getByRole('button', { name: /^Roll back: Spent on a reward -30 points/ }).click();
  const rollback = page.getByRole('dialog', { name: 'Roll back this redemption?' });
  await expect(rollback).toContainText(`${rewardName}, redeemed`);
  await rollback.getByRole('button', { name: 'Roll back' }).click();
  await expect(rollback.getByLabel('Reason')).toHaveAccessibleDescription('Say why, e.g. "Redeemed the wrong reward"');
  await bothWidths(page, 'member-rollback');
  await rollback.getByLabel('Reason').fill('Redeemed by mistake');
  await rollback.getByRole('button', { name: 'Roll back' }).click();
  await expect(rollback).toBeHidden();
  await expect(history.getByRole('status')).toHaveText('The redemption was rolled back: 30 points are back on the card.');
  await expect(balance).toHaveText('100');
  await expect(history.getByText('Rolled back', { exact: true })).toBeVisible();
  expect((await serviceCall('GET', `/v1/rewards/${reward.id}`)).body.stock).toBe(5);

  // The manual addition reversed.
  await history.getByRole('button', { name: /^Reverse: Added \+100 points/ }).click();
  const reverse = page.getByRole('dialog', { name: 'Take back 100 points?' });
  await reverse.getByLabel('Reason').fill('Added to the wrong card');
  await bothWidths(page, 'member-reverse');
  await reverse.getByRole('button', { name: 'Take back points' }).click();
  await expect(balance).toHaveText('0');
  await expect(history.getByText('Reversed', { exact: true })).toBeVisible();

  // Points moved in from the member's Coffee Club card.
  const coffeeCard = (await serviceCall('POST', `/v1/loyalties/${coffee.id}/members`, { customer: `e2e-tea-${stamp}` })).body as { code: string };
  expect((await serviceCall('POST', `/v1/loyalties/${coffee.id}/members/${coffeeCard.code}/balance`, { points: 50, reason: 'e2e: points to move' })).status).toBe(200);
  await page.reload();
  const transfer = section(page, 'Move points to this card');
  await choose(page, 'From card', new RegExp(`^${coffeeCard.code} · Coffee Club · 50 points`), transfer);
  await transfer.getByRole('textbox', { name: 'Points', exact: true }).fill('40');
  await transfer.getByRole('textbox', { name: 'Reason' }).fill('Cards merged');
  await transfer.getByRole('button', { name: 'Move points' }).click();
  const confirmMove = page.getByRole('dialog', { name: 'Move 40 points?' });
  await expect(confirmMove).toContainText(`From card ${coffeeCard.code} to card ${code}, because: “Cards merged”.`);
  await bothWidths(page, 'member-transfer-confirm');
  await confirmMove.getByRole('button', { name: 'Move points' }).click();
  await expect(transfer.getByRole('status')).toHaveText(`Moved 40 points from ${coffeeCard.code}. The balance is now 40.`);
  await expect(balance).toHaveText('40');
  expect((await serviceCall('GET', `/v1/loyalties/members/${coffeeCard.code}`)).body.loyalty_card.balance).toBe(10);
  await bothWidths(page, 'member', async () => {
    await expect(history.getByText('Rolled back', { exact: true })).toBeVisible();
    await expect(transfer.getByRole('button', { name: 'Move points' })).toBeVisible();
  });

  // Deleting the program asks for its name; tested to the end when the service deletes programs.
  await page.goto('/programs');
  await page.getByRole('button', { name: `Delete ${programName}` }).click();
  const remove = page.getByRole('dialog', { name: `Delete ${programName}?` });
  const confirmDelete = remove.getByRole('button', { name: 'Delete program' });
  await expect(confirmDelete).toBeDisabled();
  await remove.getByLabel('Type the program’s name to confirm').fill('Tea');
  await expect(confirmDelete).toBeDisabled();
  await bothWidths(page, 'program-delete');
  await remove.getByLabel('Type the program’s name to confirm').fill(programName.toLowerCase());
  await expect(confirmDelete).toBeEnabled();
  const document = (await serviceCall('GET', '/openapi.json')).body as { paths: Record<string, Record<string, unknown>> };
  if (document.paths['/v1/loyalties/{campaignId}']?.delete) {
    await confirmDelete.click();
    await expect(page.getByText(`${programName} was deleted, with its cards.`)).toBeVisible();
    await expect(page.getByRole('table', { name: 'Loyalty programs' }).getByRole('link', { name: programName })).toHaveCount(0);
  }
});
