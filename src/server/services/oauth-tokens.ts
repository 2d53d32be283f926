import {
  MAX_LIVE_TOKENS_PER_PROJECT,
  TOKEN_LIFETIME_SECONDS,
  type AccessTokenRequest,
  type Introspection,
  type OAuthToken,
  type TokenRequest,
} from '../../contract/oauth';
import type { Principal } from '../auth/principal';
import type { ServiceContext } from '../context';
import { countLiveTokens, deleteExpiredTokens, findTokenByHash, insertTokens, lockProject, nextLiveExpiry, revokeLiveToken, tokenLife } from '../db/repositories/oauth-tokens';
import { credentialEnd, credentialLive } from '../domain/credential-life';
import { oauthClientId } from '../domain/oauth-client-id';
import { parseScopeParameter } from '../domain/scopes';
import { ApiError } from '../lib/api-error';
import { newId } from '../../platform/ids';
import { hashSecret, newSecret } from '../../platform/secrets';

/** Expired tokens are kept a day (introspection says inactive either way), then dropped. */
const EXPIRED_TOKEN_RETENTION_MS = 24 * 3600 * 1000;

function missingParameters(names: string[]): ApiError {
  return new ApiError(400, 'missing_parameters', 'Missing parameters', `Missing required form field${names.length > 1 ? 's' : ''}: ${names.join(', ')}`);
}

function tokenLimitReached(nextExpiry: Date | undefined): ApiError {
  const when = nextExpiry ? ` The next one expires at ${nextExpiry.toISOString()}.` : '';
  return new ApiError(
    400,
    'oauth_token_limit_reached',
    'OAuth token limit reached',
    `A project can hold at most ${MAX_LIVE_TOKENS_PER_PROJECT} live OAuth tokens; revoke one or wait until one expires.${when}`,
  );
}

const unixSeconds = (at: Date) => Math.floor(at.getTime() / 1000);

/** POST /v1/oauth/token: a client_credentials token for the calling key, limited to the requested scope. */
export async function issueToken(ctx: ServiceContext, principal: Principal, body: TokenRequest): Promise<OAuthToken> {
  const missing = (['grant_type', 'scope'] as const).filter((name) => !body?.[name]?.trim());
  if (missing.length > 0) throw missingParameters(missing);
  if (body?.grant_type !== 'client_credentials') {
    throw new ApiError(400, 'invalid_grant_type', 'Invalid grant_type', `grant_type must be client_credentials, not '${body?.grant_type}'`);
  }
  const parsed = parseScopeParameter(body.scope);
  if (parsed.kind === 'missing') throw missingParameters(['scope']);
  if (parsed.kind === 'invalid') {
    const hint = parsed.offending.some((v) => v.includes(',')) ? 'Separate scope values with spaces, not commas. ' : '';
    throw new ApiError(400, 'invalid_scope', `Invalid scope: ${parsed.offending.join(' ')}`, `${hint}See the 42 scope values of the OAuth documentation.`);
  }

  const now = ctx.clock.now();
  // The token expires by the project's clock, and is stamped with the real time of issue, so it
  // never outlives its lifetime in real time either (repositories/oauth-tokens `tokenLife`).
  const realNow = ctx.clock.realNow();
  const accessToken = newSecret();
  const expiresAt = new Date(now.getTime() + TOKEN_LIFETIME_SECONDS * 1000);
  const scope = parsed.scopes.join(' ');
  await ctx.db.transaction(async (tx) => {
    await lockProject(tx, principal.projectId);
    if ((await countLiveTokens(tx, principal.projectId, now, realNow)) >= MAX_LIVE_TOKENS_PER_PROJECT) {
      throw tokenLimitReached(await nextLiveExpiry(tx, principal.projectId, now, realNow));
    }
    await deleteExpiredTokens(tx, principal.projectId, new Date(now.getTime() - EXPIRED_TOKEN_RETENTION_MS), new Date(realNow.getTime() - EXPIRED_TOKEN_RETENTION_MS));
    await insertTokens(tx, [
      { id: newId('oat'), projectId: principal.projectId, apiKeyId: principal.apiKeyId, tokenHash: hashSecret(accessToken), scope, createdAt: realNow, expiresAt },
    ]);
  });
  return {
    access_token: accessToken,
    client_id: oauthClientId(principal.apiKeyId),
    expires_at: unixSeconds(expiresAt),
    expires_in: TOKEN_LIFETIME_SECONDS,
    scope,
    token_type: 'Bearer',
  };
}

function requireAccessToken(body: AccessTokenRequest): string {
  const token = body?.access_token?.trim();
  if (!token) throw missingParameters(['access_token']);
  return token;
}

/**
 * POST /v1/oauth/introspect: active only when the token would authenticate now (ignoring the
 * caller's address): of this project, not revoked, not expired, and its key still active.
 * Anything else, including a token of another project, is `{active: false}` (docs/architecture.md, decisions).
 */
export async function introspectToken(ctx: ServiceContext, principal: Principal, body: AccessTokenRequest): Promise<Introspection> {
  const accessToken = requireAccessToken(body);
  const now = ctx.clock.now();
  const realNow = ctx.clock.realNow();
  const found = await findTokenByHash(ctx.db, hashSecret(accessToken));
  if (
    !found ||
    found.token.projectId !== principal.projectId ||
    found.token.revokedAt ||
    !credentialLive(tokenLife(found.token), now, realNow) ||
    found.key.status !== 'ACTIVE'
  ) {
    return { active: false };
  }
  const end = credentialEnd(tokenLife(found.token), now, realNow);
  return {
    access_token: accessToken,
    client_id: oauthClientId(found.token.apiKeyId),
    expires_at: unixSeconds(end),
    // Rounded up, so a live token never reports 0 seconds left.
    expires_in: Math.ceil((end.getTime() - now.getTime()) / 1000),
    scope: found.token.scope,
    token_type: 'Bearer',
    active: true,
  };
}

/** POST /v1/oauth/token/revoke: 404 when the project has no live token with this value. */
export async function revokeToken(ctx: ServiceContext, principal: Principal, body: AccessTokenRequest): Promise<void> {
  const accessToken = requireAccessToken(body);
  const revoked = await revokeLiveToken(ctx.db, principal.projectId, hashSecret(accessToken), ctx.clock.now(), ctx.clock.realNow());
  if (!revoked) {
    throw new ApiError(404, 'not_found', 'Resource not found', 'Cannot find an active OAuth token with the given access_token');
  }
}
