import { earningSchema, type Earning, type Effect, type PointsExpiration, type Trigger } from '../../contract/earning-rule';
import { earningRulesPerProject, type V1CreateEarningRule, type V1EarningRule, type V1UpdateEarningRule } from '../../contract/earning-rule-v1';
import type { ServiceContext } from '../context';
import type { Tx } from '../../platform/db/client';
import { newId } from '../../platform/ids';
import { findProduct } from '../db/repositories/products';
import { getCampaign } from '../db/repositories/campaigns';
import {
  countLiveEarningRules,
  findCampaignEarningRule,
  insertEarningRule,
  lockProjectForEarningRules,
  unassignEarningRule,
  updateEarningRuleRow,
  type EarningRuleRow,
} from '../db/repositories/earning-rules';
import { listEventSchemas } from '../db/repositories/event-schemas';
import { activatePassiveSegment, lockSegment } from '../db/repositories/segments';
import { cardDefinitionOf } from '../domain/card-definition';
import { slidingActivityTypesOf, unsupportedParts } from '../domain/earning-rule-support';
import { registerSlidingActivityTypes } from '../db/repositories/sliding-activity';
import {
  createProblems,
  describeProblem,
  pointsExpirationOf,
  storedEffectOf,
  storedTriggerOf,
  storedValidityHoursOf,
  triggerKindOf,
  updateProblems,
  v1LoyaltyOf,
  v1TriggerKindOfStored,
  withPoints,
  type V1Problem,
} from '../domain/earning-rule-v1';
import { ApiError, invalidPayload, notFound } from '../lib/api-error';
import { presentEarningRuleV1 } from '../presenters/earning-rule-v1';

/**
 * The v1 earning-rule writes. Each request is one transaction: a request refused for any of its
 * rules writes nothing. Nothing caches rules (the engine reads them on every event), so a rule
 * created, changed, disabled or deleted here applies from the very next event.
 */

function refuse(problems: V1Problem[], prefix: (string | number)[] = []): ApiError {
  return invalidPayload(problems.map((p) => describeProblem({ ...p, path: [...prefix, ...p.path] })).join('; '));
}

function limitExceeded(existing: number, adding: number): ApiError {
  return new ApiError(
    400,
    'earning_rules_limit_exceeded',
    'Earning rules limit exceeded',
    `A project can have at most ${earningRulesPerProject} earning rules; it has ${existing} and the request adds ${adding}`,
  );
}

/** The engine's own check of the stored shape, in v2 terms: a safety net behind the v1 checks. */
function assertEvaluable(trigger: Trigger, earnings: Earning[]): void {
  const problems = unsupportedParts({ trigger, earnings });
  if (problems.length) throw invalidPayload(`The rule cannot be evaluated: ${problems.join('; ')}`);
}

async function schemaNamesOf(tx: Tx, projectId: string): Promise<Map<string, string>> {
  return new Map((await listEventSchemas(tx, projectId)).map((s) => [s.id, s.name]));
}

/** Checks what a new rule refers to: its custom event schema, its segment (activated when passive), or the product its items count. Returns the default name. */
async function resolveReferences(tx: Tx, projectId: string, rule: V1CreateEarningRule, at: number, schemaNames: Map<string, string>, now: Date): Promise<string> {
  if (triggerKindOf(rule.event) === 'order_paid') {
    const items = rule.loyalty.type === 'PROPORTIONAL' && 'order_items' in rule.loyalty ? Object.values(rule.loyalty.order_items)[0] : undefined;
    // Lines name their product by its id, so the rule must too (a source id would never match).
    if (items && (await findProduct(tx, projectId, items.id))?.id !== items.id) throw notFound('product', items.id);
    return 'Order paid';
  }
  if (triggerKindOf(rule.event) === 'segment_entered') {
    const id = rule.segment?.id as string;
    // Shared: a deletion of the segment waits for this rule, then sees it (and refuses).
    const segment = await lockSegment(tx, projectId, id, 'share');
    if (!segment) throw notFound('segment', id);
    if (segment.type === 'static') {
      throw refuse([{ path: ['segment', 'id'], message: `segment '${segment.name}' is static: customers never enter it, so the rule would never earn; use an auto-update or passive segment` }], [at]);
    }
    await activatePassiveSegment(tx, segment.id, now);
    return `Entered segment ${segment.name}`;
  }
  const schemaId = rule.custom_event?.schema_id as string;
  const name = schemaNames.get(schemaId);
  if (name === undefined) throw notFound('event_schema', schemaId);
  if (name !== rule.event) throw refuse([{ path: ['event'], message: `must be '${name}', the name of the custom event ${schemaId}` }], [at]);
  return `Custom event ${name}`;
}

/** POST /v1/loyalties/{campaignId}/earning-rules: the rules, in the order given, on that campaign. */
export async function createEarningRulesV1(ctx: ServiceContext, projectId: string, campaignIdOrName: string, rules: V1CreateEarningRule[]): Promise<V1EarningRule[]> {
  const campaign = await getCampaign(ctx.db, projectId, campaignIdOrName);
  const problems = rules.flatMap((rule, i) => createProblems(rule).map((p) => ({ ...p, path: [i, ...p.path] })));
  if (problems.length) throw refuse(problems);
  const now = ctx.clock.now();
  const cardDefinitionId = cardDefinitionOf(projectId);
  return ctx.db.transaction(async (tx) => {
    await lockProjectForEarningRules(tx, projectId);
    const existing = await countLiveEarningRules(tx, projectId);
    if (existing + rules.length > earningRulesPerProject) throw limitExceeded(existing, rules.length);
    const schemaNames = await schemaNamesOf(tx, projectId);
    const created: EarningRuleRow[] = [];
    for (const [i, rule] of rules.entries()) {
      const defaultName = await resolveReferences(tx, projectId, rule, i, schemaNames, now);
      const trigger = storedTriggerOf(rule, rule.custom_event?.schema_id);
      const effect = storedEffectOf(rule.loyalty, pointsExpirationOf(rule.expiration_rules, rule.sliding_expiration), cardDefinitionId);
      const earnings = [earningSchema.parse({ id: newId('lernei'), name: null, rules: null, effects: [effect] })];
      assertEvaluable(trigger, earnings);
      await registerSlidingActivityTypes(tx, projectId, slidingActivityTypesOf(earnings));
      const row = await insertEarningRule(
        tx,
        {
          id: newId('lern'),
          projectId,
          name: rule.source?.banner ?? defaultName,
          status: rule.active === false ? 'INACTIVE' : 'ACTIVE',
          trigger,
          earnings: earnings as unknown as Record<string, unknown>[],
          validityHours: storedValidityHoursOf(rule.validity_hours),
          validityDayOfWeek: rule.validity_day_of_week ?? null,
          startDate: rule.start_date ? new Date(rule.start_date) : null,
          endDate: rule.expiration_date ? new Date(rule.expiration_date) : null,
          triggerLimits: rule.trigger_limits ?? null,
          pendingPoints: rule.pending_points ?? null,
          metadata: rule.metadata ?? {},
          createdAt: now,
        },
        campaign.id,
      );
      created.push(row);
    }
    return created.map((row) => presentEarningRuleV1(row, campaign.id, schemaNames));
  });
}

/**
 * A rule's expiration after an update: `sliding_expiration` or `expiration_rules` replace it (both
 * at once are refused before), `sliding_expiration: null` ends a sliding one (no expiry, as
 * `expiration_rules: null`), anything else keeps it.
 */
function expirationAfter(current: PointsExpiration | null | undefined, patch: V1UpdateEarningRule): PointsExpiration {
  if (patch.sliding_expiration) return pointsExpirationOf(null, patch.sliding_expiration);
  if (patch.expiration_rules !== undefined) return pointsExpirationOf(patch.expiration_rules);
  if (patch.sliding_expiration === null && current?.type === 'SLIDING_EXPIRATION') return { type: 'NO_EXPIRATION' };
  return current ?? { type: 'NO_EXPIRATION' };
}

/** The rule's one effect with the patch's loyalty and expiration; v1 cannot edit rules with more. */
function patchedEarnings(row: EarningRuleRow, patch: V1UpdateEarningRule): Earning[] | undefined {
  if (patch.loyalty === undefined && patch.expiration_rules === undefined && patch.sliding_expiration === undefined) return undefined;
  const earnings = row.earnings as unknown as Earning[];
  const effects = earnings.flatMap((e) => e.effects);
  if (earnings.length !== 1 || effects.length !== 1) {
    const field = patch.loyalty !== undefined ? 'loyalty' : patch.expiration_rules !== undefined ? 'expiration_rules' : 'sliding_expiration';
    throw refuse([{ path: [field], message: `this rule has ${effects.length} effects in ${earnings.length} earnings; the v1 API changes the effect of rules with exactly one` }]);
  }
  const [current] = effects as [Effect];
  const currentExpiration = current.type === 'POINTS' ? current.points.points_expiration : current.type === 'POINTS_PROPORTIONAL' ? current.points_proportional.points_expiration : null;
  const expiration = expirationAfter(currentExpiration, patch);
  const currentLoyalty = v1LoyaltyOf(current);
  const loyalty = patch.loyalty && 'type' in patch.loyalty ? patch.loyalty : patch.loyalty && currentLoyalty ? withPoints(currentLoyalty, patch.loyalty.points) : currentLoyalty;
  if (!loyalty) throw refuse([{ path: [patch.sliding_expiration !== undefined ? 'sliding_expiration' : 'expiration_rules'], message: 'this rule gives no points, so its points cannot expire' }]);
  const effect = storedEffectOf(loyalty, expiration, cardDefinitionOf(row.projectId));
  return [earningSchema.parse({ ...earnings[0], effects: [effect] })];
}

/** A rule of the campaign, locked for the change; 404 earning_rule when the campaign has no such rule. */
async function lockedRule(tx: Tx, projectId: string, campaignId: string, id: string): Promise<EarningRuleRow> {
  const row = await findCampaignEarningRule(tx, projectId, campaignId, id, true);
  if (!row) throw notFound('earning_rule', id);
  return row;
}

/** PUT /v1/loyalties/{campaignId}/earning-rules/{earningRuleId}: fields given replace, null clears, absent stay. */
export async function updateEarningRuleV1(ctx: ServiceContext, projectId: string, campaignIdOrName: string, id: string, patch: V1UpdateEarningRule): Promise<V1EarningRule> {
  const campaign = await getCampaign(ctx.db, projectId, campaignIdOrName);
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const row = await lockedRule(tx, projectId, campaign.id, id);
    const trigger = row.trigger as Trigger;
    const problems = updateProblems(patch, v1TriggerKindOfStored(trigger), row);
    if (problems.length) throw refuse(problems);
    const earnings = patchedEarnings(row, patch);
    if (earnings) {
      assertEvaluable(trigger, earnings);
      await registerSlidingActivityTypes(tx, projectId, slidingActivityTypesOf(earnings));
    }
    const set: Partial<EarningRuleRow> = { updatedAt: now };
    if (earnings) set.earnings = earnings as unknown as Record<string, unknown>[];
    if (patch.source?.banner !== undefined) set.name = patch.source.banner;
    // A DRAFT stays a draft unless `active` says otherwise.
    if (patch.active !== undefined) set.status = patch.active ? 'ACTIVE' : 'INACTIVE';
    if (patch.start_date !== undefined) set.startDate = patch.start_date ? new Date(patch.start_date) : null;
    if (patch.expiration_date !== undefined) set.endDate = patch.expiration_date ? new Date(patch.expiration_date) : null;
    if (patch.validity_hours !== undefined) set.validityHours = storedValidityHoursOf(patch.validity_hours);
    if (patch.validity_day_of_week !== undefined) set.validityDayOfWeek = patch.validity_day_of_week;
    if (patch.trigger_limits !== undefined) set.triggerLimits = patch.trigger_limits;
    if (patch.pending_points !== undefined) set.pendingPoints = patch.pending_points;
    if (patch.metadata !== undefined) set.metadata = patch.metadata;
    const updated = await updateEarningRuleRow(tx, row.id, set);
    return presentEarningRuleV1(updated, campaign.id, await schemaNamesOf(tx, projectId));
  });
}

/** POST …/enable and …/disable: ACTIVE earns, INACTIVE does not, from the next event on. */
export async function setEarningRuleActiveV1(ctx: ServiceContext, projectId: string, campaignIdOrName: string, id: string, active: boolean): Promise<V1EarningRule> {
  const campaign = await getCampaign(ctx.db, projectId, campaignIdOrName);
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const row = await lockedRule(tx, projectId, campaign.id, id);
    const updated = await updateEarningRuleRow(tx, row.id, { status: active ? 'ACTIVE' : 'INACTIVE', updatedAt: now });
    return presentEarningRuleV1(updated, campaign.id, await schemaNamesOf(tx, projectId));
  });
}

/**
 * DELETE …/earning-rules/{id}: takes the rule off the campaign; a rule on no campaign any more is
 * DELETED (kept, unlisted and never evaluated, because card transactions name it). A fixture rule
 * on several campaigns keeps earning on the others.
 */
export async function deleteEarningRuleV1(ctx: ServiceContext, projectId: string, campaignIdOrName: string, id: string): Promise<void> {
  const campaign = await getCampaign(ctx.db, projectId, campaignIdOrName);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const row = await lockedRule(tx, projectId, campaign.id, id);
    const remaining = await unassignEarningRule(tx, row.id, campaign.id);
    if (remaining === 0) await updateEarningRuleRow(tx, row.id, { status: 'DELETED', updatedAt: now });
  });
}
