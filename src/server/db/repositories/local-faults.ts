import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import { localFaults } from '../../../platform/db/schema';

export type FaultRow = typeof localFaults.$inferSelect;

export async function insertFault(db: DbOrTx, row: Omit<FaultRow, 'seq'>): Promise<FaultRow> {
  const [inserted] = await db.insert(localFaults).values(row).returning();
  return inserted;
}

/** A project's faults, oldest first: the order requests check them in. */
export async function listProjectFaults(db: DbOrTx, projectId: string): Promise<FaultRow[]> {
  return db.select().from(localFaults).where(eq(localFaults.projectId, projectId)).orderBy(asc(localFaults.seq));
}

export async function countProjectFaults(db: DbOrTx, projectId: string): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(localFaults).where(eq(localFaults.projectId, projectId));
  return n;
}

/** Every project's faults that can still be met, for a process's in-memory table. */
export async function listLiveFaults(db: DbOrTx): Promise<FaultRow[]> {
  return db
    .select()
    .from(localFaults)
    .where(sql`${localFaults.remaining} IS NULL OR ${localFaults.remaining} > 0`)
    .orderBy(asc(localFaults.seq));
}

export async function deleteProjectFaults(db: DbOrTx, projectId: string): Promise<number> {
  return (await db.delete(localFaults).where(eq(localFaults.projectId, projectId)).returning({ id: localFaults.id })).length;
}

export async function deleteFault(db: DbOrTx, projectId: string, id: string): Promise<boolean> {
  return (await db.delete(localFaults).where(and(eq(localFaults.projectId, projectId), eq(localFaults.id, id))).returning({ id: localFaults.id })).length > 0;
}

/**
 * Takes one of a counted fault's requests: one statement, so processes sharing the database meet it
 * `times` times in all. The remaining count after, or undefined when none was left (or it is gone).
 */
export async function takeFaultRequest(db: DbOrTx, id: string): Promise<number | undefined> {
  const [row] = await db
    .update(localFaults)
    .set({ remaining: sql`${localFaults.remaining} - 1` })
    .where(and(eq(localFaults.id, id), sql`${localFaults.remaining} > 0`))
    .returning({ remaining: localFaults.remaining });
  return row?.remaining ?? undefined;
}
