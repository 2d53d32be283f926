import { z } from 'zod';
import type { ErrorObject } from '../../../../contract/error';
import type { CreateRewardRequest, Reward, RewardType, UpdateRewardRequest } from '../../../../contract/reward';
import { placeValidationDetails } from '../../../lib/place-validation-details';
import { parseCents } from '../../../lib/format';
import type { PlacedError } from '../../../lib/use-form-api-error';

/**
 * The reward form (Create and Update Reward): a name and one of three kinds, each with its own
 * fields: a product from stock (how many are left; empty for no limit), pay with points (so many
 * points are worth an amount off an order), or points added to the member's card in another
 * program. The kind cannot change once made (the service refuses it).
 */

export const kindLabels: Record<RewardType, string> = {
  MATERIAL: 'A product from stock',
  COIN: 'Pay with points',
  CAMPAIGN: 'Points in another program',
};

const blank = (text: string) => text.trim() === '';
const wholeNumber = (text: string) => /^\d{1,13}$/.test(text.trim().replace(/,/g, ''));
const count = (text: string) => Number(text.trim().replace(/,/g, ''));

export const rewardFormSchema = z
  .object({
    name: z.string(),
    kind: z.enum(['MATERIAL', 'COIN', 'CAMPAIGN']),
    description: z.string(),
    productId: z.string(),
    stock: z.string(),
    pointsRatio: z.string(),
    amount: z.string(),
    programId: z.string(),
    points: z.string(),
  })
  .superRefine((form, ctx) => {
    const problem = (path: keyof typeof form, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (blank(form.name)) problem('name', 'Enter a name, such as Free coffee.');
    else if (form.name.trim().length > 200) problem('name', 'Use at most 200 characters.');
    if (form.description.length > 10_000) problem('description', 'Use at most 10,000 characters.');
    if (form.kind === 'MATERIAL') {
      if (blank(form.productId)) problem('productId', 'Choose the product the member gets.');
      if (!blank(form.stock) && !(wholeNumber(form.stock) && count(form.stock) <= 1_000_000_000)) problem('stock', 'Enter how many are left (0 or more), or leave empty for no limit.');
    }
    if (form.kind === 'COIN') {
      if (!(wholeNumber(form.pointsRatio) && count(form.pointsRatio) >= 1 && count(form.pointsRatio) <= 1_000_000_000)) problem('pointsRatio', 'Enter a whole number of points, 1 or more.');
      const cents = parseCents(form.amount);
      if (cents === null || cents <= 0) problem('amount', 'Enter an amount above 0, such as 1.50.');
    }
    if (form.kind === 'CAMPAIGN') {
      if (blank(form.programId)) problem('programId', 'Choose the program the points go to.');
      if (!(wholeNumber(form.points) && count(form.points) >= 1)) problem('points', 'Enter a whole number of points, 1 or more.');
    }
  });
export type RewardForm = z.infer<typeof rewardFormSchema>;
export type RewardField = keyof RewardForm;

export const emptyRewardForm: RewardForm = { name: '', kind: 'MATERIAL', description: '', productId: '', stock: '', pointsRatio: '100', amount: '', programId: '', points: '' };

function parameters(form: RewardForm): CreateRewardRequest['parameters'] {
  if (form.kind === 'MATERIAL') return { product: { id: form.productId } };
  if (form.kind === 'COIN') return { coin: { points_ratio: count(form.pointsRatio), exchange_ratio: (parseCents(form.amount) ?? 0) / 100 } };
  return { campaign: { id: form.programId, balance: count(form.points) } };
}

export function createRewardRequest(form: RewardForm): CreateRewardRequest {
  return {
    name: form.name.trim(),
    type: form.kind,
    parameters: parameters(form),
    ...(form.kind === 'MATERIAL' && { stock: blank(form.stock) ? null : count(form.stock) }),
    attributes: form.description.trim() ? { description: form.description.trim() } : {},
  };
}

/** Every field again: an update replaces what it is given. */
export function updateRewardRequest(form: RewardForm): UpdateRewardRequest {
  return createRewardRequest(form);
}

/** The form filled from a stored reward (editing). */
export function rewardFormOf(reward: Reward): RewardForm {
  const p = reward.parameters;
  return {
    ...emptyRewardForm,
    name: reward.name,
    kind: reward.type,
    description: reward.attributes.description ?? '',
    ...('product' in p && { productId: p.product.id, stock: reward.stock === null ? '' : String(reward.stock) }),
    ...('coin' in p && { pointsRatio: String(p.coin.points_ratio), amount: (p.coin.exchange_ratio).toFixed(2) }),
    ...('campaign' in p && { programId: p.campaign.id, points: String(p.campaign.balance) }),
  };
}

/** What a member gets, in words: "Coffee Club mug (12 left)", "100 points take 20.00 off an order", "500 points in City Rewards". */
export function describeReward(reward: Reward, names: { product: (id: string) => string | undefined; program: (id: string) => string | undefined }): string {
  const p = reward.parameters;
  if ('product' in p) {
    const product = names.product(p.product.id) ?? 'A product';
    return `${product}, ${reward.stock === null ? 'no stock limit' : `${reward.stock.toLocaleString('en-US')} left`}`;
  }
  if ('coin' in p) return `${p.coin.points_ratio.toLocaleString('en-US')} points take ${p.coin.exchange_ratio.toFixed(2)} off an order`;
  return `${p.campaign.balance.toLocaleString('en-US')} points in ${names.program(p.campaign.id) ?? 'another program'}`;
}

/** The form field a refusal's path names; null for any other. */
export function rewardFieldOf(path: readonly string[]): RewardField | null {
  const [first, second, third] = path;
  if (first === 'name') return 'name';
  if (first === 'stock') return 'stock';
  if (first === 'attributes') return 'description';
  if (first === 'parameters' && second === 'product') return 'productId';
  if (first === 'parameters' && second === 'coin') return third === 'points_ratio' ? 'pointsRatio' : 'amount';
  if (first === 'parameters' && second === 'campaign') return third === 'balance' ? 'points' : 'programId';
  if (first === 'type') return 'kind';
  return null;
}

export function placeRewardError(error: ErrorObject): PlacedError<RewardField>[] {
  return placeValidationDetails(error, rewardFieldOf) ?? [];
}

/** The assignment form: a program and, except for pay with points, the points it asks. */
export const assignFormSchema = z
  .object({ programId: z.string(), points: z.string(), needsPrice: z.boolean() })
  .superRefine((form, ctx) => {
    if (blank(form.programId)) ctx.addIssue({ code: 'custom', path: ['programId'], message: 'Choose a program.' });
    if (form.needsPrice && !(wholeNumber(form.points) && count(form.points) >= 1 && count(form.points) <= 1_000_000_000_000)) ctx.addIssue({ code: 'custom', path: ['points'], message: 'Enter a whole number of points, 1 or more.' });
  });
export type AssignForm = z.infer<typeof assignFormSchema>;
export type AssignField = 'programId' | 'points';

export function assignRequest(form: AssignForm) {
  return { campaign: form.programId, ...(form.needsPrice && { parameters: { loyalty: { points: count(form.points) } } }) };
}

export function assignFieldOf(path: readonly string[]): AssignField | null {
  if (path[0] === 'campaign') return 'programId';
  if (path[0] === 'parameters') return 'points';
  return null;
}

export function placeAssignError(error: ErrorObject): PlacedError<AssignField>[] {
  if (error.key === 'duplicate_found') return [{ target: 'programId', text: 'This program offers the reward already.' }];
  return placeValidationDetails(error, assignFieldOf) ?? [];
}
