import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import { projects } from '../../../platform/db/schema';

export type ProjectRow = typeof projects.$inferSelect;

export async function findProject(db: DbOrTx, id: string): Promise<ProjectRow | undefined> {
  const [row] = await db.select().from(projects).where(eq(projects.id, id)).limit(1);
  return row;
}
