import type { PointsExpiration } from '../../contract/earning-rule';
import type { LoyaltyTiersExpiration } from '../../contract/loyalty-tier';
import type { LoyaltyProgram } from '../../contract/loyalty-program';
import type { CreateLoyaltyProgramRequest, UpdateLoyaltyProgramRequest } from '../../contract/loyalty-program-write';
import { formatValidationDetail } from '../../contract/validation-details';
import type { Tx } from '../../platform/db/client';
import { violatedUniqueIndex } from '../../platform/db/errors';
import { newId } from '../../platform/ids';
import type { ServiceContext } from '../context';
import { categoryExists, insertCampaign, insertCardsIfCodesFree, lockCampaign, setUnpublishedCardDates, updateCampaignRow } from '../db/repositories/campaign-writes';
import { categoriesById, countCards, forgetCampaigns, getCampaign, type CampaignRow } from '../db/repositories/campaigns';
import { generateCardCode } from '../domain/card-code';
import { codeSpaceRefusal, datesInOrder, storedCodeConfig } from '../domain/code-config';
import { pointsExpirationOf } from '../domain/earning-rule-v1';
import { ApiError, invalidPayloadAt, notFound } from '../lib/api-error';
import { presentProgram, programDates } from '../presenters/loyalty-program';

const invalidCodeConfig = (message: string) =>
  new ApiError(400, 'invalid_code_config', 'Invalid code config', formatValidationDetail({ kind: 'invalid', path: ['voucher', 'code_config'], message }));
const duplicateName = (name: string) => new ApiError(409, 'duplicate_found', 'Duplicated resource found', `Duplicated campaign exists with name ${name}`);

/** Draws of codes before giving up on a space too crowded by other programs' codes. */
const generationRounds = 10;
const batchSize = 1_000;

/**
 * Makes `count` cards for a new program, each code drawn at random and taken only when no card of
 * the project has it yet, in batches; a space so crowded that draws keep colliding is refused.
 */
async function generateCards(tx: Tx, campaign: CampaignRow, count: number, dates: { startDate: Date | null; expirationDate: Date | null }, now: Date): Promise<void> {
  let made = 0;
  for (let round = 0; made < count && round < generationRounds * Math.ceil(count / batchSize); round++) {
    const codes = new Set<string>();
    while (codes.size < Math.min(batchSize, count - made)) codes.add(generateCardCode(campaign.codeConfig));
    made += await insertCardsIfCodesFree(
      tx,
      [...codes].map((code, i) => ({
        id: newId('v'),
        projectId: campaign.projectId,
        campaignId: campaign.id,
        code,
        categoryId: campaign.categoryId,
        startDate: dates.startDate,
        expirationDate: dates.expirationDate,
        // In the order made: the picker hands out the oldest card first.
        createdAt: new Date(now.getTime() + made + i),
      })),
    );
  }
  if (made < count) throw invalidCodeConfig(`could make only ${made} of ${count} unused codes: lengthen the code or widen the charset`);
}

async function presentOne(db: Tx | ServiceContext['db'], campaign: CampaignRow): Promise<LoyaltyProgram> {
  const counts = await countCards(db, [campaign.id]);
  const categories = await categoriesById(db, [campaign.categoryId]);
  return presentProgram(campaign, counts.get(campaign.id) ?? 0, campaign.categoryId ? categories.get(campaign.categoryId) : undefined);
}

const dateOf = (value: string | null | undefined) => (value ? new Date(value) : null);

async function checkCategory(db: Tx | ServiceContext['db'], projectId: string, categoryId: string | null | undefined): Promise<void> {
  if (categoryId && !(await categoryExists(db, projectId, categoryId))) throw notFound('category', categoryId);
}

/**
 * POST /v1/loyalties: a loyalty program, usable at once (the real API generates its cards
 * asynchronously; here they are made in the request, so `creation_status` is DONE when it answers).
 * `vouchers_count` cards are made now; an AUTO_UPDATE program makes a card for each member it runs
 * out of cards for. The card code format, the points expiry (`voucher.loyalty_card.expiration_rules`,
 * for points added by hand with PROGRAM_RULES), the dates (copied onto its cards) are the program's.
 */
export async function createProgram(ctx: ServiceContext, projectId: string, body: CreateLoyaltyProgramRequest): Promise<LoyaltyProgram> {
  const now = ctx.clock.now();
  const startDate = dateOf(body.start_date);
  const expirationDate = dateOf(body.expiration_date);
  if (!datesInOrder(startDate, expirationDate)) throw invalidPayloadAt(['expiration_date'], 'must be after start_date');
  const count = body.vouchers_count ?? 0;
  const codeConfig = storedCodeConfig(body.voucher?.code_config);
  const refusal = codeSpaceRefusal(codeConfig, count);
  if (refusal) throw invalidCodeConfig(refusal);
  await checkCategory(ctx.db, projectId, body.category_id);
  try {
    return await ctx.db.transaction(async (tx) => {
      const campaign = await insertCampaign(tx, {
        id: newId('camp'),
        projectId,
        name: body.name,
        description: body.description ?? null,
        type: body.type ?? (count > 0 ? 'STATIC' : 'AUTO_UPDATE'),
        codeConfig,
        categoryId: body.category_id ?? null,
        voucherDefaults: { ...(startDate && { startDate: startDate.toISOString() }), ...(expirationDate && { expirationDate: expirationDate.toISOString() }) },
        metadata: body.metadata ?? {},
        pointsExpiration: body.voucher?.loyalty_card.expiration_rules ? (pointsExpirationOf(body.voucher.loyalty_card.expiration_rules) as PointsExpiration) : null,
        loyaltyTiersExpiration: body.loyalty_tiers_expiration ?? null,
        createdAt: now,
      });
      await generateCards(tx, campaign, count, { startDate, expirationDate }, now);
      return presentOne(tx, campaign);
    });
  } catch (error) {
    if (violatedUniqueIndex(error) === 'campaigns_project_name_uq') throw duplicateName(body.name);
    throw error;
  }
}

/**
 * PUT /v1/loyalties/{campaignId}: changes what is given and leaves the rest; new dates also go onto
 * the program's cards not yet given to a member, as the real API does, in the same transaction.
 * `metadata` replaces the program's, `unset_metadata_fields` removes keys from it.
 */
export async function updateProgram(ctx: ServiceContext, projectId: string, campaignRef: string, body: UpdateLoyaltyProgramRequest): Promise<LoyaltyProgram> {
  const now = ctx.clock.now();
  const found = await getCampaign(ctx.db, projectId, campaignRef);
  await checkCategory(ctx.db, projectId, body.category_id);
  const updated = await ctx.db.transaction(async (tx) => {
    const campaign = await lockCampaign(tx, projectId, found.id);
    if (!campaign) throw notFound('campaign', campaignRef);
    const current = programDates(campaign);
    const startDate = body.start_date !== undefined ? dateOf(body.start_date) : dateOf(current.startDate);
    const expirationDate = body.expiration_date !== undefined ? dateOf(body.expiration_date) : dateOf(current.expirationDate);
    if (!datesInOrder(startDate, expirationDate)) throw invalidPayloadAt([body.expiration_date !== undefined ? 'expiration_date' : 'start_date'], 'must leave start_date before expiration_date');
    let metadata = body.metadata === undefined ? (campaign.metadata as Record<string, unknown>) : (body.metadata ?? {});
    if (body.unset_metadata_fields?.length) metadata = Object.fromEntries(Object.entries(metadata).filter(([key]) => !body.unset_metadata_fields?.includes(key)));
    const datesChanged = body.start_date !== undefined || body.expiration_date !== undefined;
    const row = await updateCampaignRow(tx, campaign.id, {
      ...(body.description !== undefined && { description: body.description }),
      ...(body.type !== undefined && { type: body.type }),
      ...(body.category_id !== undefined && { categoryId: body.category_id }),
      ...(body.loyalty_tiers_expiration !== undefined && { loyaltyTiersExpiration: body.loyalty_tiers_expiration as LoyaltyTiersExpiration }),
      metadata,
      voucherDefaults: { ...(campaign.voucherDefaults as Record<string, unknown>), startDate: startDate?.toISOString() ?? null, expirationDate: expirationDate?.toISOString() ?? null },
      updatedAt: now,
    });
    if (datesChanged) await setUnpublishedCardDates(tx, campaign.id, { startDate, expirationDate }, now);
    return row;
  });
  forgetCampaigns();
  return presentOne(ctx.db, updated);
}
