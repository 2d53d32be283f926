import { describe, expect, it } from 'vitest';
import { createRewardRequestSchema, rewardSchema } from '../../../../contract/reward';
import { createRewardOwnAssignmentRequestSchema } from '../../../../contract/reward-assignment';
import { assignFormSchema, assignRequest, createRewardRequest, describeReward, emptyRewardForm, placeAssignError, placeRewardError, rewardFormOf, rewardFormSchema, type RewardForm } from './reward-form';

const form = (changes: Partial<RewardForm>): RewardForm => ({ ...emptyRewardForm, name: 'Tea mug', ...changes });
const problems = (values: RewardForm) => {
  const parsed = rewardFormSchema.safeParse(values);
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
};
const names = { product: (id: string) => (id === 'prod_1' ? 'Mug' : undefined), program: (id: string) => (id === 'camp_2' ? 'City Rewards' : undefined) };

describe('reward form', () => {
  it('asks each kind for its own fields', () => {
    expect(problems(form({ kind: 'MATERIAL', stock: '-1' }))).toEqual({ productId: 'Choose the product the member gets.', stock: 'Enter how many are left (0 or more), or leave empty for no limit.' });
    expect(problems(form({ kind: 'COIN', pointsRatio: '0', amount: '1.234' }))).toEqual({ pointsRatio: 'Enter a whole number of points, 1 or more.', amount: 'Enter an amount above 0, such as 1.50.' });
    expect(problems(form({ kind: 'CAMPAIGN', points: '0' }))).toEqual({ programId: 'Choose the program the points go to.', points: 'Enter a whole number of points, 1 or more.' });
    expect(problems(form({ name: '', kind: 'MATERIAL', productId: 'prod_1' }))).toEqual({ name: 'Enter a name, such as Free coffee.' });
  });

  it('builds requests the contract takes, for each kind', () => {
    const material = createRewardRequest(form({ kind: 'MATERIAL', productId: 'prod_1', stock: '12', description: 'A mug' }));
    expect(createRewardRequestSchema.parse(material)).toMatchObject({ type: 'MATERIAL', parameters: { product: { id: 'prod_1' } }, stock: 12, attributes: { description: 'A mug' } });
    expect(createRewardRequest(form({ kind: 'MATERIAL', productId: 'prod_1', stock: '' })).stock).toBeNull();
    const coin = createRewardRequest(form({ kind: 'COIN', pointsRatio: '100', amount: '20' }));
    expect(createRewardRequestSchema.parse(coin)).toMatchObject({ type: 'COIN', parameters: { coin: { points_ratio: 100, exchange_ratio: 20 } } });
    expect(coin).not.toHaveProperty('stock');
    const campaign = createRewardRequest(form({ kind: 'CAMPAIGN', programId: 'camp_2', points: '500' }));
    expect(createRewardRequestSchema.parse(campaign)).toMatchObject({ type: 'CAMPAIGN', parameters: { campaign: { id: 'camp_2', balance: 500 } } });
  });

  it('reads a stored reward back and says what a member gets', () => {
    const stored = rewardSchema.parse({ id: 'rew_1', name: 'Pay', type: 'COIN', parameters: { coin: { exchange_ratio: 20, points_ratio: 100 } }, stock: null, redeemed: null, attributes: {}, metadata: {}, created_at: 'x', updated_at: null, object: 'reward' });
    expect(rewardFormOf(stored)).toMatchObject({ kind: 'COIN', pointsRatio: '100', amount: '20.00' });
    expect(describeReward(stored, names)).toBe('100 points take 20.00 off an order');
    const mug = rewardSchema.parse({ ...stored, type: 'MATERIAL', parameters: { product: { id: 'prod_1', sku_id: null } }, stock: 3 });
    expect(describeReward(mug, names)).toBe('Mug, 3 left');
    const points = rewardSchema.parse({ ...stored, type: 'CAMPAIGN', parameters: { campaign: { id: 'camp_2', balance: 500, type: 'LOYALTY_PROGRAM' } } });
    expect(describeReward(points, names)).toBe('500 points in City Rewards');
  });

  it('places the service’s refusals beside their fields', () => {
    expect(placeRewardError({ code: 400, key: 'invalid_payload', message: 'x', details: 'Property .parameters.coin.points_ratio: Too small: expected number to be >=1' }).map((p) => p.target)).toEqual(['pointsRatio']);
    expect(placeRewardError({ code: 400, key: 'invalid_payload', message: 'x', details: 'Property .stock: applies only to MATERIAL rewards' }).map((p) => p.target)).toEqual(['stock']);
  });
});

describe('assigning a reward to a program', () => {
  it('asks a price except for pay with points, and builds the contract’s request', () => {
    expect(assignFormSchema.safeParse({ programId: '', points: '', needsPrice: true }).error?.issues.map((i) => i.path.join('.'))).toEqual(['programId', 'points']);
    expect(assignFormSchema.safeParse({ programId: 'camp_1', points: '', needsPrice: false }).success).toBe(true);
    expect(createRewardOwnAssignmentRequestSchema.parse(assignRequest({ programId: 'camp_1', points: '150', needsPrice: true }))).toEqual({ campaign: 'camp_1', parameters: { loyalty: { points: 150 } } });
    expect(assignRequest({ programId: 'camp_1', points: '', needsPrice: false })).toEqual({ campaign: 'camp_1' });
  });

  it('says a program already offering the reward beside the program', () => {
    expect(placeAssignError({ code: 409, key: 'duplicate_found', message: 'x' })).toEqual([{ target: 'programId', text: 'This program offers the reward already.' }]);
  });
});
