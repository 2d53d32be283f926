import { componentErrors, contractErrors } from './openapi';

/**
 * Fields the contract's own redemption examples answer with null though its schema types them as
 * objects, strings or integers (its examples win, as for Add Member in openapi-subset): card fields,
 * a product reward's `sku_id`, and a reward's `updated_at` when it was never changed.
 */
const cardNulls = ['category', 'category_id', 'discount', 'gift', 'start_date', 'expiration_date', 'validity_timeframe', 'validity_day_of_week', 'additional_info', 'redemption.quantity'];
const knownDefectNulls = [...cardNulls.map((f) => `voucher.${f}`), ...cardNulls.map((f) => `reward.voucher.${f}`), 'reward.parameters.product.sku_id', 'reward.updated_at'];

/**
 * The result schema requires a `reward` property inside `reward`, which none of the contract's
 * seven examples has (nor any other schema defines): the examples win.
 */
const rewardInRewardDefect = "/reward must have required property 'reward' {\"missingProperty\":\"reward\"}";

/** A redemption answer against openapi-spend, with the contract's documented defects set aside. */
export function redemptionContractErrors(path: string, body: unknown): string[] {
  return contractErrors('spend', path, 'post', 200, body, knownDefectNulls).filter((error) => error !== rewardInRewardDefect);
}

/** A rollback answer against openapi-loyalty-rest (RedemptionRollback), with the card nulls set aside as above. */
export function rollbackContractErrors(body: unknown): string[] {
  return contractErrors('loyalty-rest', '/v1/redemptions/{redemptionId}/rollback', 'post', 200, body, knownDefectNulls).filter((error) => error !== rewardInRewardDefect);
}

/**
 * Get Redemption's answer is `oneOf` a redemption or a rollback, but RedemptionRollback requires no
 * property at all, so every redemption matches both and the `oneOf` can never pass: each answer is
 * checked against the branch its `object` names.
 */
export function storedRedemptionContractErrors(body: { object?: string }): string[] {
  const branch = body.object === 'redemption_rollback' ? 'RedemptionRollback' : 'RedemptionWithVoucherWithoutStackingRulesTypeCategories';
  return componentErrors('loyalty-rest', branch, body, knownDefectNulls).filter((error) => error !== rewardInRewardDefect);
}
