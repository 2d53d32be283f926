import type { AddMemberRequest, LoyaltyMember } from '../../contract/loyalty-member';
import type { ServiceContext } from '../context';
import type { Tx } from '../../platform/db/client';
import { violatedUniqueIndex } from '../../platform/db/errors';
import { getCampaign, type CampaignRow } from '../db/repositories/campaigns';
import { resolveCustomer } from '../db/repositories/customers';
import { findPublicationBySourceId, hasJoined, insertPublication } from '../db/repositories/publications';
import { insertCardIfCodeFree, lockVoucherByCode, markPublished, publishNextFreeCard, type NewPublication, type PublicationDraft, type VoucherRow } from '../db/repositories/vouchers';
import { generateCardCode } from '../domain/card-code';
import { unsuitabilityOf } from '../domain/publication';
import { ApiError, notFound } from '../lib/api-error';
import { newId } from '../../platform/ids';
import { presentMembers } from './member-view';
import { programDates } from '../presenters/loyalty-program';
import { afterCustomerChange } from './customer-change-hooks';

function alreadyJoined(customer: string, campaign: string): ApiError {
  return new ApiError(
    400,
    'voucher_cannot_be_published',
    'Voucher cannot be published. Customer already joined program.',
    `Customer ${customer} already holds a card of loyalty program ${campaign}`,
    { id: customer, type: 'customer' },
  );
}

function duplicateSourceId(sourceId: string): ApiError {
  return new ApiError(400, 'duplicate_source_id', 'Duplicate source_id', `Publication with source_id: '${sourceId}' already exists`);
}

const noSuitableCard = () =>
  new ApiError(400, 'no_voucher_suitable_for_publication', "Couldn't find any voucher suitable for publication", "Couldn't create new vouchers for publication");

function customerLabel(reference: AddMemberRequest['customer']): string {
  return typeof reference === 'string' ? reference : (reference.id ?? reference.source_id ?? '');
}

/** The card named in the request, locked, after checking it can be published now. */
async function namedCard(tx: Tx, projectId: string, campaign: CampaignRow, code: string, now: Date): Promise<VoucherRow> {
  const card = await lockVoucherByCode(tx, projectId, code);
  if (!card || card.campaignId !== campaign.id) throw notFound('voucher', code);
  switch (unsuitabilityOf(card, now)) {
    case 'published':
      throw new ApiError(400, 'voucher_already_published', 'Voucher already published', `Voucher '${card.id}' has already been published`, { id: card.id, type: 'voucher' });
    case 'disabled':
      throw new ApiError(400, 'voucher_disabled', 'Voucher is disabled', `Voucher '${card.code}' is not active`, { id: card.id, type: 'voucher' });
    case 'not_active_yet':
      throw new ApiError(400, 'voucher_not_active', 'Voucher not active', `Voucher '${card.code}' becomes active at ${card.startDate?.toISOString()}`, { id: card.id, type: 'voucher' });
    case 'expired':
      throw new ApiError(400, 'voucher_expired', 'Voucher expired', `Voucher '${card.code}' expired at ${card.expirationDate?.toISOString()}`, { id: card.id, type: 'voucher' });
    default:
      return card;
  }
}

/** Gives a locked card to the customer and records the publication; returns the card as published. */
async function publishCard(tx: Tx, card: VoucherRow, publication: NewPublication, now: Date): Promise<VoucherRow> {
  await markPublished(tx, card.id, publication.customerId, now);
  await insertPublication(tx, { ...publication, projectId: card.projectId, campaignId: card.campaignId, voucherId: card.id });
  return { ...card, holderId: publication.customerId, publishCount: card.publishCount + 1, updatedAt: now };
}

/** Publishes the next free card, or for an auto-update campaign a newly generated one; returns it as published. */
export async function publishNextCard(tx: Tx, campaign: CampaignRow, publication: NewPublication, now: Date): Promise<VoucherRow> {
  const free = await publishNextFreeCard(tx, campaign.id, publication);
  if (free) return free;
  if (campaign.type !== 'AUTO_UPDATE') throw noSuitableCard();
  const defaults = campaign.voucherDefaults as Partial<VoucherRow>;
  const dates = programDates(campaign);
  for (let attempt = 0; attempt < 20; attempt++) {
    const card = await insertCardIfCodeFree(tx, {
      id: newId('v'),
      projectId: campaign.projectId,
      campaignId: campaign.id,
      code: generateCardCode(campaign.codeConfig),
      categoryId: campaign.categoryId,
      // The program's dates (Create / Update Loyalty Campaign) go onto every card it makes.
      startDate: dates.startDate ? new Date(dates.startDate) : null,
      expirationDate: dates.expirationDate ? new Date(dates.expirationDate) : null,
      metadata: defaults.metadata ?? {},
      additionalInfo: defaults.additionalInfo ?? null,
      createdAt: now,
    });
    if (card) return publishCard(tx, card, publication, now);
  }
  throw noSuitableCard();
}

/** POST /v1/loyalties/{campaignId}/members: publishes one card to one customer, all or nothing. */
export async function addMember(ctx: ServiceContext, projectId: string, campaignRef: string, body: AddMemberRequest): Promise<LoyaltyMember> {
  const now = ctx.clock.now();
  const campaign = await getCampaign(ctx.db, projectId, campaignRef);
  const publication: PublicationDraft = {
    id: newId('pub'),
    sourceId: body.source_id ?? null,
    channel: body.channel ?? 'API',
    metadata: body.metadata ?? {},
    createdAt: now,
  };
  if (body.voucher === undefined) {
    const published = await ctx.enrollments.enroll({ projectId, campaignId: campaign.id, customer: body.customer, publication, now }).catch((error: unknown) => {
      // Joined already, or a source_id seen before: the transaction below answers those.
      if (violatedUniqueIndex(error)) return undefined;
      throw error;
    });
    if (published) return (await presentMembers(ctx, ctx.db, campaign, [published]))[0];
  }
  return addMemberInTransaction(ctx, campaign, body, publication);
}

/** Add Member step by step in one transaction: every case, every error. */
async function addMemberInTransaction(ctx: ServiceContext, campaign: CampaignRow, body: AddMemberRequest, publicationFields: PublicationDraft): Promise<LoyaltyMember> {
  const { projectId } = campaign;
  const now = publicationFields.createdAt ?? ctx.clock.now();
  try {
    return await ctx.cardChanges.transaction(ctx.db, async (tx) => {
      const { customer, created, changed } = await resolveCustomer(tx, projectId, body.customer, now);

      if (body.source_id !== undefined) {
        const previous = await findPublicationBySourceId(tx, projectId, body.source_id);
        if (previous) {
          // A retry with the same source_id (docs/architecture.md, decisions) returns the card published the first time.
          if (previous.customerId !== customer.id || previous.campaignId !== campaign.id) throw duplicateSourceId(body.source_id);
          const [card] = await tx.query.vouchers.findMany({ where: (v, { eq }) => eq(v.id, previous.voucherId) });
          return (await presentMembers(ctx, tx, campaign, [card]))[0];
        }
      }
      // A customer this request created holds no card yet.
      if (!created && (await hasJoined(tx, campaign.id, customer.id))) throw alreadyJoined(customer.id, campaign.id);

      const publication: NewPublication = { ...publicationFields, customerId: customer.id, trackingId: customer.sourceId };
      const published =
        body.voucher !== undefined
          ? await publishCard(tx, await namedCard(tx, projectId, campaign, body.voucher, now), publication, now)
          : await publishNextCard(tx, campaign, publication, now);
      if (!changed) return (await presentMembers(ctx, tx, campaign, [published]))[0];
      await afterCustomerChange(ctx, tx, projectId, customer.id);
      // Entering a segment may have earned points on the new card (customer.segment.entered rules).
      const [card] = await tx.query.vouchers.findMany({ where: (v, { eq }) => eq(v.id, published.id) });
      return (await presentMembers(ctx, tx, campaign, [card]))[0];
    });
  } catch (error) {
    // A parallel request won the race for the same customer or source_id: answer as if it had come first.
    const index = violatedUniqueIndex(error);
    if (index === 'publications_join_once_uq') throw alreadyJoined(customerLabel(body.customer), campaign.id);
    if (index === 'publications_source_uq' && body.source_id !== undefined) return addMemberInTransaction(ctx, campaign, body, publicationFields);
    throw error;
  }
}
