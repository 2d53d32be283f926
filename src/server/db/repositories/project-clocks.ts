import { eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import { projectClocks } from '../../../platform/db/schema';

/** How far (ms) the project's clock runs ahead of real time; 0 when it keeps real time. */
export async function findClockOffset(db: DbOrTx, projectId: string): Promise<number> {
  const [row] = await db.select({ offsetMs: projectClocks.offsetMs }).from(projectClocks).where(eq(projectClocks.projectId, projectId));
  return row?.offsetMs ?? 0;
}

/** The projects whose clock runs ahead, with their offsets. */
export async function listClockOffsets(db: DbOrTx): Promise<{ projectId: string; offsetMs: number }[]> {
  return db.select({ projectId: projectClocks.projectId, offsetMs: projectClocks.offsetMs }).from(projectClocks).where(ne(projectClocks.offsetMs, 0));
}

export async function saveClockOffset(db: DbOrTx, projectId: string, offsetMs: number, updatedAt: Date): Promise<void> {
  await db
    .insert(projectClocks)
    .values({ projectId, offsetMs, updatedAt })
    .onConflictDoUpdate({ target: projectClocks.projectId, set: { offsetMs, updatedAt } });
}

export async function deleteClockOffset(db: DbOrTx, projectId: string): Promise<void> {
  await db.delete(projectClocks).where(eq(projectClocks.projectId, projectId));
}
