import { campaignTransactionExportParametersSchema, defaultPointsExpirationExportFields, pointsExpirationExportParametersSchema } from '../../contract/campaign-exports';
import { defaultExportFields, exportParametersSchema, type ExportField } from '../../contract/export';
import { defaultOrderExportFields, orderExportParametersSchema } from '../../contract/order-export';
import type { ServiceContext } from '../context';
import { campaignTransactionRows, lastProjectTransactionSeq, pointsExpirationRows } from '../db/repositories/campaign-export-rows';
import { findCampaign, getCampaign } from '../db/repositories/campaigns';
import { copyExportCsv, exportCells, type RowQuery } from '../db/repositories/export-rows';
import { orderRows } from '../db/repositories/order-export-rows';
import { lastTransactionSeq, transactionRows } from '../db/repositories/transaction-export-rows';
import { findExportById, updateUnfinishedExport, type ExportRow } from '../db/repositories/exports';
import { findVoucherByCode } from '../db/repositories/vouchers';
import { csvHeader, csvRecords } from '../domain/export-csv';
import { selectRows } from '../domain/export-filter';
import { utcDateString } from '../domain/utc-calendar';
import { downloadToken, downloadTokenLifetimeMs } from '../lib/download-token';
import { hashSecret } from '../../platform/secrets';
import { exportFileKey, exportFiles } from '../storage/export-files';
import type { FileSink } from '../storage/file-store';

export interface RunExportOptions {
  /** Rows read per query where rows are read in pages (default 1,000); the worker holds about two pages in memory at a time. */
  batchSize?: number;
  /**
   * Called after each part of the file is written (a page of rows, or a chunk of COPY's output),
   * with the rows read so far; the export waits for it.
   */
  onProgress?: (rows: number) => Promise<void> | void;
}

/** Marks an unfinished export ERROR with a message for its owner; a finished one is left alone. */
export async function failExport(ctx: ServiceContext, exportId: string, message: string): Promise<void> {
  await updateUnfinishedExport(ctx.db, exportId, { status: 'ERROR', errorMessage: message, updatedAt: ctx.clock.now() });
}

/**
 * The CSV records of the export's rows. On PostgreSQL, COPY writes them, with the encoder's rules
 * in its SQL: the rows never become JS values, which kept the keyset pages below far below COPY's
 * speed (README, "Why the hot paths look the way they do"). On PGlite, whose COPY only fills an in-memory blob, and for a
 * one-column export (see copyExportCsv), pages of rows go through the encoder. Both paths
 * write the same bytes.
 */
async function writeRecords(ctx: ServiceContext, file: FileSink, options: RunExportOptions, query: RowQuery): Promise<void> {
  const { pool } = ctx.database;
  if (pool && query.columns.length > 1) {
    await copyExportCsv(pool, query, async (chunk, rows) => {
      await file.write(chunk);
      await options.onProgress?.(rows);
    });
    return;
  }
  let written = 0;
  for await (const batch of exportCells(ctx.database, query, options.batchSize ?? 1000)) {
    await file.write(csvRecords(batch));
    written += batch.length;
    await options.onProgress?.(written);
  }
}

/** What an export's file holds: its header, and the rows under it (none: the header alone); or why it cannot be made. */
type ExportPlan = { fields: readonly string[]; rows?: RowQuery } | { error: string };

/** One card's transactions, as the export's filters select them (domain/export-filter). */
async function transactionsPlan(ctx: ServiceContext, row: ExportRow): Promise<ExportPlan> {
  const parameters = exportParametersSchema.parse(row.parameters);
  const code = parameters.filters?.voucher_id?.conditions.$in;
  const card = await findVoucherByCode(ctx.db, row.projectId, Array.isArray(code) ? code[0] : (code ?? ''));
  if (!card) return { error: `Cannot find voucher with id ${String(code)}` };
  const campaign = await getCampaign(ctx.db, row.projectId, card.campaignId);
  const selection = selectRows(parameters.filters, { voucherNames: [card.id, card.code], campaignNames: [campaign.id, campaign.name] });
  const fields = parameters.fields ?? defaultExportFields;
  if (selection.kind === 'none') return { fields };
  return {
    fields,
    rows: transactionRows({
      projectId: row.projectId,
      voucherId: card.id,
      fields,
      descending: (parameters.order ?? '-created_at') === '-created_at',
      bounds: selection.kind === 'created_at' ? selection.bounds : [],
      maxSeq: await lastTransactionSeq(ctx.database, card.id),
    }),
  };
}

/** The project's orders: `id`, `source_id` and `status` unless the export names fields, newest first unless it names an order. */
async function ordersPlan(_ctx: ServiceContext, row: ExportRow): Promise<ExportPlan> {
  const parameters = orderExportParametersSchema.parse(row.parameters);
  const fields = parameters.fields ?? defaultOrderExportFields;
  return { fields, rows: orderRows({ projectId: row.projectId, fields, order: parameters.order ?? '-created_at', filters: parameters.filters }) };
}

/** The program named by the export's `campaign_id.$in` scope (campaign-export.ts records it), if it still exists. */
async function scopedCampaign(ctx: ServiceContext, row: ExportRow, campaignId: unknown) {
  const id = Array.isArray(campaignId) ? campaignId[0] : campaignId;
  return typeof id === 'string' ? findCampaign(ctx.db, row.projectId, id) : undefined;
}

/** A program's card transactions (Export Loyalty Campaign Transactions): every card of it, as the filters select them. */
async function campaignTransactionsPlan(ctx: ServiceContext, row: ExportRow): Promise<ExportPlan> {
  const stored = row.parameters as { filters?: { campaign_id?: { conditions?: { $in?: unknown } } } };
  const campaign = await scopedCampaign(ctx, row, stored.filters?.campaign_id?.conditions?.$in);
  if (!campaign) return { error: `Cannot find campaign with id ${String(stored.filters?.campaign_id?.conditions?.$in)}` };
  const { campaign_id: _scope, ...filters } = (row.parameters as { filters?: Record<string, unknown> }).filters ?? {};
  const parameters = campaignTransactionExportParametersSchema.parse({ ...(row.parameters as object), filters });
  const fields: readonly ExportField[] = parameters.fields ?? defaultExportFields.filter((field) => field !== 'campaign_id');
  return {
    fields,
    rows: campaignTransactionRows({
      projectId: row.projectId,
      campaignId: campaign.id,
      fields,
      descending: (parameters.order ?? '-created_at') === '-created_at',
      filters: parameters.filters,
      now: await ctx.clock.nowOf(row.projectId),
      maxSeq: await lastProjectTransactionSeq(ctx.database, row.projectId),
    }),
  };
}

/** A program's point buckets that hold points (Export Loyalty Campaign Point Expiration). */
async function pointsExpirationPlan(ctx: ServiceContext, row: ExportRow): Promise<ExportPlan> {
  const { campaign_id: campaignId, ...parameters } = row.parameters as { campaign_id?: string };
  const campaign = await scopedCampaign(ctx, row, campaignId);
  if (!campaign) return { error: `Cannot find campaign with id ${String(campaignId)}` };
  const given = pointsExpirationExportParametersSchema.parse(parameters);
  const fields = given.fields ?? defaultPointsExpirationExportFields;
  return {
    fields,
    rows: pointsExpirationRows({
      projectId: row.projectId,
      campaign,
      fields,
      descending: (given.order ?? 'expires_at') === '-expires_at',
      filters: given.filters,
      today: utcDateString(await ctx.clock.nowOf(row.projectId)),
    }),
  };
}

/** How each stored kind of export is planned (`exports.exported_object`; a program's transactions are stored as `campaign_transactions`). */
const plans: Record<string, (ctx: ServiceContext, row: ExportRow) => Promise<ExportPlan>> = {
  voucher_transactions: transactionsPlan,
  campaign_transactions: campaignTransactionsPlan,
  points_expiration: pointsExpirationPlan,
  order: ordersPlan,
};

/**
 * The export job: writes the CSV of one export to the file store and marks it DONE. Safe to run
 * again after a crash at any point: the file is written whole or not at all (see FileStore), the
 * same key is overwritten, and DONE is recorded only after the file is durable. A DONE or ERROR
 * export is not run again, and a deleted one is nothing to do. Errors other than a vanished card
 * are thrown for the job to retry.
 */
export async function runExport(ctx: ServiceContext, exportId: string, options: RunExportOptions = {}): Promise<ExportRow | undefined> {
  const row = await findExportById(ctx.db, exportId);
  if (!row || row.status === 'DONE' || row.status === 'ERROR') return row;
  // Deleted (or finished by another attempt) since it was read: nothing to do.
  if (!(await updateUnfinishedExport(ctx.db, row.id, { status: 'IN_PROGRESS', updatedAt: ctx.clock.now() }))) return findExportById(ctx.db, row.id);

  const plan = await (plans[row.exportedObject] ?? (async () => ({ error: `Exports of ${row.exportedObject} are not made by this service` })))(ctx, row);
  if ('error' in plan) {
    await failExport(ctx, row.id, plan.error);
    return findExportById(ctx.db, row.id);
  }
  const key = exportFileKey(row.projectId, row.id);
  const files = exportFiles(ctx.config);

  await files.write(key, async (file) => {
    await file.write(csvHeader(plan.fields));
    if (plan.rows) await writeRecords(ctx, file, options, plan.rows);
  });

  // The file is durable; one statement makes the export DONE with its link.
  // A job runs outside any project's time: the link's 24 hours start at the project's now, and
  // at the real now (`updated_at`), and it ends by whichever clock ends it first (lib/download-token).
  const doneAt = await ctx.clock.nowOf(row.projectId);
  const expiresAt = new Date(doneAt.getTime() + downloadTokenLifetimeMs);
  await updateUnfinishedExport(ctx.db, row.id, {
    status: 'DONE',
    fileKey: key,
    downloadTokenHash: hashSecret(downloadToken(ctx.assetKey, row.id, expiresAt)),
    downloadTokenExpiresAt: expiresAt,
    errorMessage: null,
    updatedAt: ctx.clock.realNow(),
  });
  const current = await findExportById(ctx.db, row.id);
  // Deleted while the file was written (the delete may have found no file to remove yet), or
  // ended ERROR meanwhile: no export will ever serve this file.
  if (current?.fileKey !== key) await files.remove(key);
  return current;
}
