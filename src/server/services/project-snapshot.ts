import { asc, eq } from 'drizzle-orm';
import type { ProjectSnapshot } from '../../contract/local-snapshot';
import type { ServiceContext } from '../context';
import { apiKeys, projectFixtures, projects } from '../../platform/db/schema';
import { lockProject } from '../db/repositories/oauth-tokens';
import { readProjectRecords } from '../db/repositories/project-records';
import { ApiError, invalidPayloadAt } from '../lib/api-error';
import { fixtureSchema } from '../seed/fixture-schema';
import { pinFixture } from '../seed/pin-fixture';
import { FixtureError } from '../seed/seed-context';
import { removeProjectExportFiles } from './project-export-files';
import { replaceProjectState } from './replace-project-state';
import { forgetRememberedRecords } from './reset-project';
import { documentRefused } from './snapshot-issues';

/**
 * GET /_local/snapshot: the calling project as a fixture (`records/tables.ts` says what it holds),
 * every table read at one moment (REPEATABLE READ). Its key pairs are listed by id and name, never
 * a secret: seeding the document makes new secrets for them.
 */
export async function takeSnapshot(ctx: ServiceContext, projectId: string): Promise<ProjectSnapshot> {
  return ctx.db.transaction(
    async (tx) => {
      const [project] = await tx.select({ id: projects.id, name: projects.name }).from(projects).where(eq(projects.id, projectId));
      const keys = await tx.select({ id: apiKeys.id, name: apiKeys.name, ip_allowlist: apiKeys.ipAllowlist }).from(apiKeys).where(eq(apiKeys.projectId, projectId)).orderBy(asc(apiKeys.createdAt), asc(apiKeys.id));
      const records = await readProjectRecords(tx, projectId);
      return { project, api_keys: keys, records: records as ProjectSnapshot['records'] };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** A database constraint the document's rows broke (a code used twice in one program, a limit): the client's input, never a 500. */
function constraintRefused(error: unknown): ApiError | undefined {
  type DbError = { code?: string; table?: string; constraint?: string; detail?: string; cause?: unknown };
  let e = error as DbError | undefined;
  // Drizzle wraps the driver's error (its `cause`).
  while (e && typeof e.code !== 'string' && e.cause) e = e.cause as DbError;
  if (typeof e?.code !== 'string' || !e.code.startsWith('23')) return undefined;
  const where = e.table ? ['records', e.table] : ['records'];
  return invalidPayloadAt(where, `${e.constraint ? `breaks ${e.constraint}` : 'breaks a constraint'}${e.detail ? `: ${e.detail}` : ''}`);
}

/**
 * POST /_local/snapshot: replaces the calling project's state with a fixture document (a snapshot,
 * or any fixture) in one transaction under the project's lock, like a reset; the document, pinned,
 * becomes what a reset goes back to. Keys, tokens and the request log stay; webhook endpoints are
 * the document's (one the project already had keeps its signing secret, a new one gets a new
 * secret). A document that is not the fixture format, references what it does not hold or takes
 * another project's ids is refused whole (400 naming the place) and the project is left as it was.
 */
export async function restoreSnapshot(ctx: ServiceContext, projectId: string, body: unknown): Promise<{ object: 'project_restore'; project_id: string; loaded_at: string }> {
  const parsed = fixtureSchema.safeParse(body);
  if (!parsed.success) throw documentRefused(parsed.error);
  const document = pinFixture(parsed.data);
  const now = ctx.clock.now();
  try {
    await ctx.db.transaction(async (tx) => {
      await lockProject(tx, projectId);
      await replaceProjectState(tx, projectId, document, now);
      await tx
        .insert(projectFixtures)
        .values({ projectId, document, loadedAt: now })
        .onConflictDoUpdate({ target: projectFixtures.projectId, set: { document, loadedAt: now } });
    });
  } catch (error) {
    if (error instanceof FixtureError) throw invalidPayloadAt(error.path ?? [], error.message);
    throw constraintRefused(error) ?? error;
  } finally {
    forgetRememberedRecords();
    ctx.clock.forget(projectId);
    await ctx.faults?.refresh();
  }
  await removeProjectExportFiles(ctx, projectId);
  return { object: 'project_restore', project_id: projectId, loaded_at: now.toISOString() };
}
