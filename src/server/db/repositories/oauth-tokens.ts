import { and, count, eq, gt, isNull, lt, min, or } from 'drizzle-orm';
import { TOKEN_LIFETIME_SECONDS } from '../../../contract/oauth';
import type { DbOrTx, Tx } from '../../../platform/db/client';
import { apiKeys, oauthTokens, projects } from '../../../platform/db/schema';
import { credentialEnd, type CredentialLife } from '../../domain/credential-life';

export type OAuthTokenRow = typeof oauthTokens.$inferSelect;
export type NewOAuthToken = typeof oauthTokens.$inferInsert;

const lifetimeMs = TOKEN_LIFETIME_SECONDS * 1000;

/**
 * A token's two ends (domain/credential-life): `expires_at` is in the project's time, while
 * `created_at` is the REAL time of issue (issue 35; the project's time of issue is `expires_at`
 * less the lifetime, so nothing is lost), so a token issued while the project's clock ran ahead
 * lives no longer than its lifetime in real time once the clock returns.
 */
export function tokenLife(row: Pick<OAuthTokenRow, 'createdAt' | 'expiresAt'>): CredentialLife {
  return { expiresAt: row.expiresAt, realDeadline: new Date(row.createdAt.getTime() + lifetimeMs) };
}

/** Live: not revoked, and not yet expired at project time `now` nor at real time `realNow`. */
function live(now: Date, realNow: Date) {
  return and(isNull(oauthTokens.revokedAt), gt(oauthTokens.expiresAt, now), gt(oauthTokens.createdAt, new Date(realNow.getTime() - lifetimeMs)));
}

/**
 * Locks the project row until the transaction ends, so concurrent issuers of one project count
 * and insert one after another: the live-token cap cannot be overshot by a race.
 */
export async function lockProject(tx: Tx, projectId: string): Promise<void> {
  await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)).for('update');
}

export async function countLiveTokens(db: DbOrTx, projectId: string, now: Date, realNow: Date): Promise<number> {
  const [row] = await db.select({ n: count() }).from(oauthTokens).where(and(eq(oauthTokens.projectId, projectId), live(now, realNow)));
  return Number(row?.n ?? 0);
}

/**
 * When the soonest live token of the project expires (project time): when the cap frees a slot by
 * itself. Each token ends at min(expires_at, its real deadline in project time), so the soonest
 * end is the smaller of the soonest of each.
 */
export async function nextLiveExpiry(db: DbOrTx, projectId: string, now: Date, realNow: Date): Promise<Date | undefined> {
  const [row] = await db
    .select({ expiresAt: min(oauthTokens.expiresAt), createdAt: min(oauthTokens.createdAt) })
    .from(oauthTokens)
    .where(and(eq(oauthTokens.projectId, projectId), live(now, realNow)));
  if (!row?.expiresAt || !row.createdAt) return undefined;
  return credentialEnd(tokenLife({ expiresAt: new Date(row.expiresAt), createdAt: new Date(row.createdAt) }), now, realNow);
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
export async function revokeLiveToken(db: DbOrTx, projectId: string, tokenHash: string, now: Date, realNow: Date): Promise<boolean> {
  const revoked = await db
    .update(oauthTokens)
    .set({ revokedAt: now })
    .where(and(eq(oauthTokens.projectId, projectId), eq(oauthTokens.tokenHash, tokenHash), live(now, realNow)))
    .returning({ id: oauthTokens.id });
  return revoked.length > 0;
}

/**
 * Drops tokens that expired before `before` (project time) or before `realBefore` (real time):
 * they can never come back, and the table stays small.
 */
export async function deleteExpiredTokens(db: DbOrTx, projectId: string, before: Date, realBefore: Date): Promise<void> {
  await db
    .delete(oauthTokens)
    .where(and(eq(oauthTokens.projectId, projectId), or(lt(oauthTokens.expiresAt, before), lt(oauthTokens.createdAt, new Date(realBefore.getTime() - lifetimeMs)))));
}

/**
 * Revokes every token an API key issued that is not revoked and not past `now` (the key was
 * blocked or deleted). Called outside any project's time: it may revoke a token that already
 * ended by its real-time deadline, which changes nothing.
 */
export async function revokeLiveTokensOfKey(db: DbOrTx, apiKeyId: string, now: Date): Promise<number> {
  const revoked = await db
    .update(oauthTokens)
    .set({ revokedAt: now })
    .where(and(eq(oauthTokens.apiKeyId, apiKeyId), isNull(oauthTokens.revokedAt), gt(oauthTokens.expiresAt, now)))
    .returning({ id: oauthTokens.id });
  return revoked.length;
}
