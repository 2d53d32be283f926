import type { OAuthScope } from '../../contract/oauth';

/** Who is calling: the project the credentials belong to and how they were presented. */
export interface Principal {
  projectId: string;
  apiKeyId: string;
  /** The bearer token's id (oauth_tokens.id), for the request log; absent for a key pair. */
  tokenId?: string;
  /** `management`: a Management API key pair (X-Management-Id / X-Management-Token). */
  method: 'key' | 'bearer' | 'management';
  /** Scopes of a bearer token; null for the key pair, which may call everything server-side. */
  scopes: readonly OAuthScope[] | null;
}

/** What a route asks of its caller: nothing, the key pair only (token endpoints), key pair or bearer token, or a management key pair (the Management API). */
export type RouteAuth = 'public' | 'key' | 'any' | 'management';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal;
  }
  interface FastifyContextConfig {
    auth?: RouteAuth;
  }
}
