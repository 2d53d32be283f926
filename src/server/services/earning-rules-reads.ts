import type { EarningRule, EarningRuleList, EarningRuleOrder } from '../../contract/earning-rule';
import type { ServiceContext } from '../context';
import type { V1EarningRule, V1EarningRuleList, V1EarningRuleOrder } from '../../contract/earning-rule-v1';
import { getCampaign } from '../db/repositories/campaigns';
import { findCampaignEarningRule, findEarningRule, listCampaignEarningRules, listEarningRules, sortValueOf, type EarningRuleFilter } from '../db/repositories/earning-rules';
import { listEventSchemas } from '../db/repositories/event-schemas';
import { invalidQuery, notFound } from '../lib/api-error';
import { presentEarningRule } from '../presenters/earning-rule';
import { presentEarningRuleListV1, presentEarningRuleV1 } from '../presenters/earning-rule-v1';

const CURSOR_LIFETIME_MS = 60 * 60 * 1000;

/** What a cursor remembers: the query it continues and where the last page ended. */
interface CursorState {
  order: EarningRuleOrder;
  filters: EarningRuleFilter[];
  junction: 'AND' | 'OR';
  after: { value: string; id: string };
  expiresAt: string;
}

/** Cursors are the state itself, hex-encoded (`lcrsern_<hex>`, the contract's pattern): no server storage. */
function encodeCursor(state: CursorState): string {
  return `lcrsern_${Buffer.from(JSON.stringify(state)).toString('hex')}`;
}

function decodeCursor(cursor: string, now: Date): CursorState {
  let state: CursorState;
  try {
    state = JSON.parse(Buffer.from(cursor.slice('lcrsern_'.length), 'hex').toString('utf8')) as CursorState;
  } catch {
    throw invalidQuery('Property .cursor is not a cursor this service issued');
  }
  if (!state?.after || !state.order || !Array.isArray(state.filters)) throw invalidQuery('Property .cursor is not a cursor this service issued');
  if (new Date(state.expiresAt) <= now) throw invalidQuery('Property .cursor has expired; request the first page again');
  return state;
}

export async function getEarningRule(ctx: ServiceContext, projectId: string, id: string): Promise<EarningRule> {
  const row = await findEarningRule(ctx.db, projectId, id);
  if (!row) throw notFound('earning_rule', id);
  return presentEarningRule(row);
}

/** GET /v2/loyalties/earning-rules: a cursor page; a cursor carries the order and filters it was made with. */
export async function listProjectEarningRules(
  ctx: ServiceContext,
  projectId: string,
  query: { limit: number; order: EarningRuleOrder; filters: EarningRuleFilter[]; junction: 'AND' | 'OR'; cursor?: string },
): Promise<EarningRuleList> {
  const now = ctx.clock.now();
  const state = query.cursor ? decodeCursor(query.cursor, now) : undefined;
  const order = state?.order ?? query.order;
  const filters = state?.filters ?? query.filters;
  const junction = state?.junction ?? query.junction;
  const rows = await listEarningRules(ctx.db, projectId, { limit: query.limit + 1, order, filters, junction, after: state?.after });
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  const cursor =
    rows.length > query.limit && last
      ? {
          next: encodeCursor({ order, filters, junction, after: { value: sortValueOf(last, order), id: last.id }, expiresAt: new Date(now.getTime() + CURSOR_LIFETIME_MS).toISOString() }),
          expires_at: new Date(now.getTime() + CURSOR_LIFETIME_MS).toISOString(),
        }
      : null;
  return { data: page.map(presentEarningRule), cursor, object: 'list' };
}

// ---------- v1: the rules of one campaign ----------

async function schemaNames(ctx: ServiceContext, projectId: string): Promise<Map<string, string>> {
  return new Map((await listEventSchemas(ctx.db, projectId)).map((s) => [s.id, s.name]));
}

/** GET /v1/loyalties/{campaignId}/earning-rules/{earningRuleId}: 404 earning_rule when the campaign has no such rule. */
export async function getEarningRuleV1(ctx: ServiceContext, projectId: string, campaignIdOrName: string, id: string): Promise<V1EarningRule> {
  const campaign = await getCampaign(ctx.db, projectId, campaignIdOrName);
  const row = await findCampaignEarningRule(ctx.db, projectId, campaign.id, id);
  if (!row) throw notFound('earning_rule', id);
  return presentEarningRuleV1(row, campaign.id, await schemaNames(ctx, projectId));
}

/** GET /v1/loyalties/{campaignId}/earning-rules: a page of the campaign's rules and their total. */
export async function listEarningRulesV1(
  ctx: ServiceContext,
  projectId: string,
  campaignIdOrName: string,
  query: { limit: number; page: number; order: V1EarningRuleOrder },
): Promise<V1EarningRuleList> {
  const campaign = await getCampaign(ctx.db, projectId, campaignIdOrName);
  const { rows, total } = await listCampaignEarningRules(ctx.db, projectId, campaign.id, query);
  return presentEarningRuleListV1(rows, total, campaign.id, await schemaNames(ctx, projectId));
}
