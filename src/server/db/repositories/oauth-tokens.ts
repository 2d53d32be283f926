import { and, asc, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../platform/db/client';
import { apiKeys, oauthTokens, projects } from '../../../platform/db/schema';

export type OAuthTokenRow = typeof oauthTokens.$inferSelect;
export type NewOAuthToken = typeof oauthTokens.$inferInsert;

/** Live: not revoked and not yet expired at `now`. */
function live(now: Date) {
  return and(isNull(oauthTokens.revokedAt), gt(oauthTokens.expiresAt, now));
}

/**
 * Locks the project row until the transaction ends, so concurrent issuers of one project count
 * and insert one after another: the live-token cap cannot be overshot by a race.
 */
export async function lockProject(tx: Tx, projectId: string): Promise<void> {
  await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)).for('update');
}

export async function countLiveTokens(db: DbOrTx, projectId: string, now: Date): Promise<number> {
  const [row] = await db.select({ n: count() }).from(oauthTokens).where(and(eq(oauthTokens.projectId, projectId), live(now)));
  return Number(row?.n ?? 0);
}

/** When the soonest live token of the project expires: when the cap frees a slot by itself. */
export async function nextLiveExpiry(db: DbOrTx, projectId: string, now: Date): Promise<Date | undefined> {
  const [row] = await db
    .select({ expiresAt: oauthTokens.expiresAt })
    .from(oauthTokens)
    .where(and(eq(oauthTokens.projectId, projectId), live(now)))
    .orderBy(asc(oauthTokens.expiresAt))
    .limit(1);
  return row?.expiresAt;
}

export async function insertTokens(db: DbOrTx, rows: NewOAuthToken[]): Promise<void> {
  if (rows.length > 0) await db.insert(oauthTokens).values(rows);
}

/** The token with this hash together with the key that issued it (its current status and allowlist). */
export async function findTokenByHash(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({ token: oauthTokens, key: apiKeys })
    .from(oauthTokens)
    .innerJoin(apiKeys, eq(apiKeys.id, oauthTokens.apiKeyId))
    .where(eq(oauthTokens.tokenHash, tokenHash))
    .limit(1);
  return row;
}
export type TokenWithKey = NonNullable<Awaited<ReturnType<typeof findTokenByHash>>>;

/** Revokes a live token of the project; false when there was none to revoke. */
export async function revokeLiveToken(db: DbOrTx, projectId: string, tokenHash: string, now: Date): Promise<boolean> {
  const revoked = await db
    .update(oauthTokens)
    .set({ revokedAt: now })
    .where(and(eq(oauthTokens.projectId, projectId), eq(oauthTokens.tokenHash, tokenHash), live(now)))
    .returning({ id: oauthTokens.id });
  return revoked.length > 0;
}

/** Drops tokens that expired before `before`: they can never come back, and the table stays small. */
export async function deleteExpiredTokens(db: DbOrTx, projectId: string, before: Date): Promise<void> {
  await db.delete(oauthTokens).where(and(eq(oauthTokens.projectId, projectId), sql`${oauthTokens.expiresAt} < ${before}`));
}

/** Revokes every live token an API key issued (the key was blocked or deleted). */
export async function revokeLiveTokensOfKey(db: DbOrTx, apiKeyId: string, now: Date): Promise<number> {
  const revoked = await db
    .update(oauthTokens)
    .set({ revokedAt: now })
    .where(and(eq(oauthTokens.apiKeyId, apiKeyId), live(now)))
    .returning({ id: oauthTokens.id });
  return revoked.length;
}
