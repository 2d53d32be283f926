import { asc, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { staffSessions, staffUsers } from '../../platform/db/schema';

/** The proxy's only access to the database: staff accounts and their sessions. */
export type StaffUserRow = typeof staffUsers.$inferSelect;
export type StaffSessionRow = typeof staffSessions.$inferSelect;

export async function insertStaffUser(db: DbOrTx, row: typeof staffUsers.$inferInsert): Promise<StaffUserRow> {
  const [inserted] = await db.insert(staffUsers).values(row).returning();
  return inserted;
}

export async function findStaffUserByUsername(db: DbOrTx, username: string): Promise<StaffUserRow | undefined> {
  const [row] = await db.select().from(staffUsers).where(eq(staffUsers.username, username));
  return row;
}

export async function listStaffUsers(db: DbOrTx): Promise<StaffUserRow[]> {
  return db.select().from(staffUsers).orderBy(asc(staffUsers.username));
}

export async function updateStaffUser(
  db: DbOrTx,
  id: string,
  changes: Partial<Pick<StaffUserRow, 'role' | 'passwordHash' | 'failedSignIns' | 'lockedUntil' | 'updatedAt'>>,
): Promise<StaffUserRow | undefined> {
  const [row] = await db.update(staffUsers).set(changes).where(eq(staffUsers.id, id)).returning();
  return row;
}

/**
 * Counts one failed sign-in atomically (parallel guesses cannot slip past the limit) and locks the
 * account once `maxFailures` is reached; the counter restarts after the lock.
 */
export async function recordFailedSignIn(db: DbOrTx, id: string, maxFailures: number, lockUntil: Date, now: Date): Promise<StaffUserRow | undefined> {
  const [row] = await db
    .update(staffUsers)
    .set({
      failedSignIns: sql`CASE WHEN ${staffUsers.failedSignIns} + 1 >= ${maxFailures} THEN 0 ELSE ${staffUsers.failedSignIns} + 1 END`,
      lockedUntil: sql`CASE WHEN ${staffUsers.failedSignIns} + 1 >= ${maxFailures} THEN ${lockUntil.toISOString()}::timestamptz ELSE ${staffUsers.lockedUntil} END`,
      updatedAt: now,
    })
    .where(eq(staffUsers.id, id))
    .returning();
  return row;
}

export async function deleteStaffUser(db: DbOrTx, id: string): Promise<boolean> {
  const deleted = await db.delete(staffUsers).where(eq(staffUsers.id, id)).returning({ id: staffUsers.id });
  return deleted.length > 0;
}

export async function insertStaffSession(db: DbOrTx, row: StaffSessionRow): Promise<void> {
  await db.insert(staffSessions).values(row);
}

export async function findStaffSession(db: DbOrTx, idHash: string): Promise<{ session: StaffSessionRow; user: StaffUserRow } | undefined> {
  const [row] = await db
    .select({ session: staffSessions, user: staffUsers })
    .from(staffSessions)
    .innerJoin(staffUsers, eq(staffUsers.id, staffSessions.userId))
    .where(eq(staffSessions.idHash, idHash));
  return row;
}

export async function touchStaffSession(db: DbOrTx, idHash: string, at: Date): Promise<void> {
  await db.update(staffSessions).set({ lastSeenAt: at }).where(eq(staffSessions.idHash, idHash));
}

export async function deleteStaffSession(db: DbOrTx, idHash: string): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.idHash, idHash));
}

/** Ends every session of a user (password reset, role change). */
export async function deleteSessionsOfUser(db: DbOrTx, userId: string): Promise<number> {
  return (await db.delete(staffSessions).where(eq(staffSessions.userId, userId)).returning({ id: staffSessions.idHash })).length;
}

export async function deleteExpiredSessions(db: DbOrTx, now: Date): Promise<void> {
  await db.delete(staffSessions).where(lt(staffSessions.expiresAt, now));
}

export async function countSessionsOfUser(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(staffSessions).where(eq(staffSessions.userId, userId));
  return row.n;
}
