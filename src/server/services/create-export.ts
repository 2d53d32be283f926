import type { CreateCampaignTransactionsExport, CreatePointsExpirationExport } from '../../contract/campaign-exports';
import type { CreateTransactionsExport, ExportObject, ExportParameters } from '../../contract/export';
import type { CreateOrdersExport, OrderExportParameters } from '../../contract/order-export';
import type { ServiceContext } from '../context';
import { getCampaign } from '../db/repositories/campaigns';
import { insertExport } from '../db/repositories/exports';
import { findVoucherByCode } from '../db/repositories/vouchers';
import { exportJobSender } from '../jobs/export-queue';
import { notFound } from '../lib/api-error';
import { newId } from '../../platform/ids';
import { presentExport } from '../presenters/export';

/**
 * The parameters as the export echoes them: as given, plus the card as `voucher_id.$in`, which is
 * the export's scope (the path names the card, so a `$in` in the request is replaced).
 */
export function exportParameters(given: ExportParameters | undefined, cardCode: string): ExportParameters {
  const filters = given?.filters;
  return {
    ...given,
    filters: { ...filters, voucher_id: { conditions: { ...filters?.voucher_id?.conditions, $in: [cardCode] } } },
  };
}

/** What an export holds: the object it exports and its parameters, as the export echoes them. */
type ExportRequest =
  | { exportedObject: 'voucher_transactions'; parameters: ExportParameters }
  | { exportedObject: 'order'; parameters: OrderExportParameters }
  // A program's transactions: exported object `voucher_transactions` as the real API says, stored apart so the job reads the whole program.
  | { exportedObject: 'campaign_transactions'; parameters: Record<string, unknown> }
  | { exportedObject: 'points_expiration'; parameters: Record<string, unknown> };

/**
 * Records an export as SCHEDULED and sends its job (run-export.ts) in the same transaction: every
 * exported object goes through here. A dashboard user the proxy vouched for makes it channel
 * WEBSITE with their user_id.
 */
async function scheduleExport(ctx: ServiceContext, projectId: string, request: ExportRequest, dashboardUser: string | null): Promise<ExportObject> {
  const sendJob = await exportJobSender(ctx.database);
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const row = await insertExport(tx, {
      id: newId('exp'),
      projectId,
      status: 'SCHEDULED',
      channel: dashboardUser ? 'WEBSITE' : 'API',
      exportedObject: request.exportedObject,
      parameters: request.parameters,
      result: null,
      userId: dashboardUser,
      createdAt: now,
      updatedAt: now,
    });
    await sendJob(tx, row.id);
    return presentExport(ctx, row);
  });
}

/**
 * POST /v1/loyalties/{campaignId}/members/{memberId}/transactions/export and the same without the
 * campaign: the card's transactions.
 */
export async function createTransactionsExport(
  ctx: ServiceContext,
  projectId: string,
  memberCode: string,
  campaignRef: string | undefined,
  body: CreateTransactionsExport | null | undefined,
  /** The dashboard user the proxy vouched for: the export is then channel WEBSITE with their user_id. */
  dashboardUser: string | null = null,
): Promise<ExportObject> {
  const campaign = campaignRef === undefined ? undefined : await getCampaign(ctx.db, projectId, campaignRef);
  const card = await findVoucherByCode(ctx.db, projectId, memberCode);
  if (!card || (campaign && card.campaignId !== campaign.id)) throw notFound('voucher', memberCode);
  return scheduleExport(ctx, projectId, { exportedObject: 'voucher_transactions', parameters: exportParameters(body?.parameters, card.code) }, dashboardUser);
}

/**
 * POST /v1/loyalties/{campaignId}/transactions/export: every card transaction of the program. The
 * parameters are echoed as given, plus the program as `filters.campaign_id.conditions.$in`, the
 * export's scope, as the contract's examples show it.
 */
export async function createCampaignTransactionsExport(
  ctx: ServiceContext,
  projectId: string,
  campaignRef: string,
  body: CreateCampaignTransactionsExport | null | undefined,
  dashboardUser: string | null = null,
): Promise<ExportObject> {
  const campaign = await getCampaign(ctx.db, projectId, campaignRef);
  const given = body?.parameters;
  const parameters = { ...given, filters: { ...given?.filters, campaign_id: { conditions: { $in: [campaign.id] } } } };
  return scheduleExport(ctx, projectId, { exportedObject: 'campaign_transactions', parameters }, dashboardUser);
}

/**
 * POST /v1/loyalties/{campaignId}/points-expiration/export: the program's point buckets. The
 * parameters are echoed as given; the program of the path is stored beside them (`campaign_id`,
 * not echoed: presenters/export.ts), since a `campaign_id` filter of the request is one of its conditions.
 */
export async function createPointsExpirationExport(
  ctx: ServiceContext,
  projectId: string,
  campaignRef: string,
  body: CreatePointsExpirationExport | null | undefined,
  dashboardUser: string | null = null,
): Promise<ExportObject> {
  const campaign = await getCampaign(ctx.db, projectId, campaignRef);
  return scheduleExport(ctx, projectId, { exportedObject: 'points_expiration', parameters: { ...body?.parameters, campaign_id: campaign.id } }, dashboardUser);
}

/** POST /v1/orders/export: the project's orders, with the parameters as given (the defaults apply when the file is made). */
export async function createOrdersExport(ctx: ServiceContext, projectId: string, body: CreateOrdersExport | null | undefined, dashboardUser: string | null = null): Promise<ExportObject> {
  return scheduleExport(ctx, projectId, { exportedObject: 'order', parameters: body?.parameters ?? {} }, dashboardUser);
}
