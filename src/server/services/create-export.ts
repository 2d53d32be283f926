import type { CreateTransactionsExport, ExportObject, ExportParameters } from '../../contract/export';
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

/**
 * POST /v1/loyalties/{campaignId}/members/{memberId}/transactions/export and the same without the
 * campaign: records the export as SCHEDULED and sends its job in the same transaction.
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

  const sendJob = await exportJobSender(ctx.database);
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const row = await insertExport(tx, {
      id: newId('exp'),
      projectId,
      status: 'SCHEDULED',
      channel: dashboardUser ? 'WEBSITE' : 'API',
      exportedObject: 'voucher_transactions',
      parameters: exportParameters(body?.parameters, card.code),
      result: null,
      userId: dashboardUser,
      createdAt: now,
      updatedAt: now,
    });
    await sendJob(tx, row.id);
    return presentExport(ctx, row);
  });
}
