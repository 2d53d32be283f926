import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client';
import { webhooks } from '../../platform/db/schema';
import { deleteProjectState } from '../db/repositories/project-state';
import type { Fixture } from '../seed/fixture-schema';
import { loadProjectData } from '../seed/load-fixture';

/**
 * The one replacement of a project's state that reset and restore share, in the caller's
 * transaction (the project locked): its state deleted, then `document` loaded, dated `now`. A
 * document that lists webhook endpoints (a snapshot's) replaces the project's endpoints too, each
 * keeping its signing secret when its id is among them; otherwise the endpoints stay, as keys do.
 */
export async function replaceProjectState(tx: Tx, projectId: string, document: Fixture | undefined, now: Date): Promise<void> {
  const replacesEndpoints = (document?.records?.webhooks?.length ?? 0) > 0;
  const secrets = replacesEndpoints
    ? new Map((await tx.select({ id: webhooks.id, secret: webhooks.secret }).from(webhooks).where(eq(webhooks.projectId, projectId))).map((w) => [w.id, w.secret]))
    : undefined;
  await deleteProjectState(tx, projectId, { webhooks: replacesEndpoints });
  if (document) await loadProjectData(tx, projectId, document, now, secrets);
}
