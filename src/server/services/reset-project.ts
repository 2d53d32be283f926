import type { ProjectReset, ResetProject } from '../../contract/local-reset';
import type { ServiceContext } from '../context';
import { forgetCampaigns } from '../db/repositories/campaigns';
import { forgetEventSchemas } from '../db/repositories/event-schemas';
import { forgetLocationLists } from '../db/repositories/locations';
import { lockProject } from '../db/repositories/oauth-tokens';
import { findProjectFixture } from '../db/repositories/project-state';
import { forgetCardPrograms } from '../db/repositories/vouchers';
import { invalidPayloadAt } from '../lib/api-error';
import { forgetEventContexts } from './event-contexts';
import { removeProjectExportFiles } from './project-export-files';
import { replaceProjectState } from './replace-project-state';

/**
 * What this process remembers of projects' records (campaigns, event schemas, cards' programs,
 * location lists, event contexts) is dropped once a project's state was replaced; every project's,
 * which costs one lookup each. Another process on the same database keeps what it remembered:
 * reset and restore are for the local service (README, "Testing your integration").
 */
export function forgetRememberedRecords(): void {
  forgetCampaigns();
  forgetEventSchemas();
  forgetCardPrograms();
  forgetLocationLists();
  forgetEventContexts();
}

/**
 * POST /_local/reset: deletes the project's whole state and loads its pinned fixture again (same
 * ids, codes and dates), or leaves it empty, in one transaction under the project's lock; other
 * projects' rows are never touched. Keys, tokens, webhook endpoints and the request log stay; its
 * clock and faults go.
 */
export async function resetProject(ctx: ServiceContext, projectId: string, body: ResetProject): Promise<ProjectReset> {
  const to = body?.to ?? 'fixture';
  const loadedAt = await ctx.db.transaction(async (tx) => {
    await lockProject(tx, projectId);
    const fixture = to === 'fixture' ? await findProjectFixture(tx, projectId) : undefined;
    if (to === 'fixture' && !fixture) throw invalidPayloadAt(['to'], 'this project was not loaded from a fixture recorded here (it predates the record); reset it with {"to": "empty"}');
    await replaceProjectState(tx, projectId, fixture?.document, fixture?.loadedAt ?? ctx.clock.now());
    return fixture?.loadedAt ?? null;
  });
  forgetRememberedRecords();
  ctx.clock.forget(projectId);
  // Its faults went with its state (local_faults): no request meets them from now on.
  await ctx.faults?.refresh();
  await removeProjectExportFiles(ctx, projectId);
  return { object: 'project_reset', project_id: projectId, to, fixture_loaded_at: loadedAt?.toISOString() ?? null };
}
