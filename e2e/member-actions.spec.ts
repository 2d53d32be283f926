import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/expect-accessible';
import { serviceCall } from './support/stack';

/**
 * The member page's actions as a support agent meets them (issue 32), on COFFEE-0006 (Coffee Club,
 * which no other spec touches): a removal and a large addition ask first, each success message
 * belongs to its action and goes when another action happens, and the activity tells every change
 * in the transaction history's words, with its amount, reason and who made it.
 */
const code = 'COFFEE-0006';
const shots = '/work/notes/screens';
const section = (page: Page, name: string) => page.getByRole('region', { name });
/** Numbers as the dashboard writes them: 1,560. */
const n = (value: number) => value.toLocaleString('en-US');

async function fillAdjust(page: Page, direction: 'Add points' | 'Remove points', points: string, reason: string) {
  const adjust = section(page, 'Add or remove points');
  await adjust.getByRole('radio', { name: direction }).check();
  await adjust.getByRole('textbox', { name: 'Points', exact: true }).fill(points);
  await adjust.getByRole('textbox', { name: 'Reason' }).fill(reason);
  await adjust.getByRole('button', { name: direction }).click();
}

test('confirmation for removals and large additions, messages scoped to their action, activity with amount, author and reason', async ({ page }) => {
  const before = (await serviceCall('GET', `/v1/loyalties/members/${code}`)).body.loyalty_card.balance as number;
  await page.setViewportSize({ width: 1440, height: 1000 });
  await page.goto(`/members/${code}`);
  const adjust = section(page, 'Add or remove points');
  const rewards = section(page, 'Redeem a reward');
  const balance = page.getByTestId('member-balance');
  await expect(balance).toHaveText(String(before));

  // A small addition goes at once.
  await fillAdjust(page, 'Add points', '20', 'Birthday bonus');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(adjust.getByRole('status')).toHaveText(`Added 20 points. The balance is now ${n(before + 20)}.`);
  const activity = page.getByRole('list', { name: `Activity of card ${code}` });
  // (A tier the points reached may be told beside it, at the same moment.)
  await expect(activity.getByRole('listitem').filter({ hasText: 'Added +20 points' })).toContainText('by demo (marketing, you) · Birthday bonus');

  // Over 1,000 points asks first; cancelling sends nothing.
  await fillAdjust(page, 'Add points', '1500', 'Event compensation');
  const large = page.getByRole('dialog', { name: 'Add 1,500 points?' });
  await expect(large).toContainText(`The balance goes from ${n(before + 20)} to ${n(before + 1520)}`);
  // The previous message still belongs to the previous addition until this one is made.
  await large.getByRole('button', { name: 'Cancel' }).click();
  await expect(large).toBeHidden();
  expect((await serviceCall('GET', `/v1/loyalties/members/${code}`)).body.loyalty_card.balance).toBe(before + 20);
  await adjust.getByRole('button', { name: 'Add points' }).click();
  await page.getByRole('dialog', { name: 'Add 1,500 points?' }).getByRole('button', { name: 'Add points' }).click();
  await expect(adjust.getByRole('status')).toHaveText(`Added 1,500 points. The balance is now ${n(before + 1520)}.`);
  await expect(balance).toHaveText(n(before + 1520));

  // A redemption replaces the addition's message: no "balance is now" beside a balance that moved on.
  await rewards.getByRole('button', { name: 'Redeem Free coffee' }).click();
  // (Its price depends on the member's tier.)
  const confirmRedeem = page.getByRole('dialog', { name: 'Redeem Free coffee?' }).getByRole('button', { name: /^Redeem for \d+ points$/ });
  const price = Number(/\d+/.exec((await confirmRedeem.textContent()) ?? '')![0]);
  await confirmRedeem.click();
  await expect(rewards.getByRole('status')).toHaveText(`Redeemed Free coffee for ${price} points.`);
  await expect(adjust.getByRole('status')).toHaveText('');
  const afterRedeem = before + 1520 - price;
  await expect(balance).toHaveText(n(afterRedeem));

  // Every removal asks, with the change spelled out.
  await fillAdjust(page, 'Remove points', '10', 'Duplicate visit');
  const removal = page.getByRole('dialog', { name: 'Remove 10 points?' });
  await expect(removal).toContainText(`From card ${code}, because: “Duplicate visit”. The balance goes from ${n(afterRedeem)} to ${n(afterRedeem - 10)}`);
  await expectAccessible(page, shots, 'polish-member-remove-confirm', 1440);
  await removal.getByRole('button', { name: 'Remove points' }).click();
  await expect(adjust.getByRole('status')).toHaveText(`Removed 10 points. The balance is now ${n(afterRedeem - 10)}.`);
  await expect(rewards.getByRole('status')).toHaveText('');
  expect((await serviceCall('GET', `/v1/loyalties/members/${code}`)).body.loyalty_card.balance).toBe(afterRedeem - 10);

  // The activity, newest first, in the same words as the transactions.
  const item = (text: string) => activity.getByRole('listitem').filter({ hasText: text });
  await expect(activity.getByRole('listitem').first()).toContainText('Removed -10 points');
  await expect(item('Removed -10 points')).toContainText('by demo (marketing, you) · Duplicate visit');
  await expect(item(`Spent on a reward -${price} points`)).toContainText('by demo (marketing, you) · Free coffee');
  await expect(item('Added +1,500 points')).toContainText('by demo (marketing, you) · Event compensation');
  await expect(activity).not.toContainText('Points added or removed');
  await expect(activity).toContainText('Earned +25 points');
  await expect(activity).toContainText('Store purchase');
  await expectAccessible(page, shots, 'polish-member-after-actions', 1440);

  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, shots, 'polish-member-after-actions', 390);
});
