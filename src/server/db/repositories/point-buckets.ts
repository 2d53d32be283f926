import { and, asc, eq, gt, isNotNull, lt, sql } from 'drizzle-orm';
import type { Take } from '../../domain/point-buckets';
import type { DbOrTx } from '../../../platform/db/client';
import { pointBuckets } from '../../../platform/db/schema';

export type PointBucketRow = typeof pointBuckets.$inferSelect;

/** The card's buckets that still hold points, locked; call with the card row already locked. */
export async function lockOpenBuckets(db: DbOrTx, voucherId: string): Promise<PointBucketRow[]> {
  return db
    .select()
    .from(pointBuckets)
    .where(and(eq(pointBuckets.voucherId, voucherId), gt(pointBuckets.remaining, 0)))
    .orderBy(asc(pointBuckets.createdAt), asc(pointBuckets.id))
    .for('update');
}

/** Buckets of the card whose last day is before `today` (YYYY-MM-DD) and that still hold points, locked. */
export async function lockDueBuckets(db: DbOrTx, voucherId: string, today: string): Promise<PointBucketRow[]> {
  return db
    .select()
    .from(pointBuckets)
    .where(and(eq(pointBuckets.voucherId, voucherId), gt(pointBuckets.remaining, 0), isNotNull(pointBuckets.expiresOn), lt(pointBuckets.expiresOn, today)))
    .orderBy(asc(pointBuckets.expiresOn), asc(pointBuckets.createdAt), asc(pointBuckets.id))
    .for('update');
}

export async function applyTakes(db: DbOrTx, takes: Take[]): Promise<void> {
  for (const take of takes) {
    await db
      .update(pointBuckets)
      .set({ remaining: sql`${pointBuckets.remaining} - ${take.taken}` })
      .where(eq(pointBuckets.id, take.id));
  }
}

/** Cards (of one project, or any) holding points whose last day is before `today`, up to `limit`. */
export async function cardsWithDuePoints(db: DbOrTx, today: string, limit: number, projectId?: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ voucherId: pointBuckets.voucherId })
    .from(pointBuckets)
    .where(
      and(
        gt(pointBuckets.remaining, 0),
        isNotNull(pointBuckets.expiresOn),
        lt(pointBuckets.expiresOn, today),
        projectId === undefined ? undefined : eq(pointBuckets.projectId, projectId),
      ),
    )
    .limit(limit);
  return rows.map((r) => r.voucherId);
}
