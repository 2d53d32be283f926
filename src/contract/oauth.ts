import { z } from 'zod';

/** SERVICE_SPEC §8: a token lives 900 seconds. */
export const TOKEN_LIFETIME_SECONDS = 900;
/** SERVICE_SPEC §8: live (not revoked, not expired) tokens a project may hold at once. */
export const MAX_LIVE_TOKENS_PER_PROJECT = 1000;

/**
 * The 42 scope values of SERVICE_SPEC §5, each with the one line the dashboard shows. Scopes
 * starting with `client_` cover `/client/v1/<name>`; the others `/v1/<name>` (and `/v2/<name>`).
 */
export const oauthScopes = [
  { scope: 'api', description: 'The whole server-side API: every /v1 and /v2 endpoint.' },
  { scope: 'client_api', description: 'The whole client-side API: every /client/v1 endpoint.' },
  { scope: 'assets', description: 'QR code and barcode images of codes and cards (/v1/assets).' },
  { scope: 'async-actions', description: 'Status and results of asynchronous bulk actions (/v1/async-actions).' },
  { scope: 'campaigns', description: 'Create, read, update and delete campaigns (/v1/campaigns).' },
  { scope: 'categories', description: 'Campaign categories (/v1/categories).' },
  { scope: 'client_consents', description: 'Read consent definitions from a browser or app (/client/v1/consents).' },
  { scope: 'client_customers', description: 'Update a customer’s consents from a browser or app (/client/v1/customers).' },
  { scope: 'client_events', description: 'Track custom events from a browser or app (/client/v1/events).' },
  { scope: 'client_promotions', description: 'List promotion tiers from a browser or app (/client/v1/promotions).' },
  { scope: 'client_publish', description: 'Publish codes to customers from a browser or app (/client/v1/publish).' },
  { scope: 'client_qualifications', description: 'Check which incentives a customer qualifies for, client-side (/client/v1/qualifications).' },
  { scope: 'client_redeem', description: 'Redeem codes and promotions from a browser or app (/client/v1/redeem).' },
  { scope: 'client_redemptions', description: 'Client-side redemptions (/client/v1/redemptions).' },
  { scope: 'client_validate', description: 'Validate a code from a browser or app (/client/v1/validate).' },
  { scope: 'client_validations', description: 'Validate stacked incentives from a browser or app (/client/v1/validations).' },
  { scope: 'client_vouchers', description: 'Read vouchers from a browser or app (/client/v1/vouchers).' },
  { scope: 'consents', description: 'Consent definitions (/v1/consents).' },
  { scope: 'customers', description: 'Customers, their profiles and activity (/v1/customers).' },
  { scope: 'events', description: 'Track custom events for customers (/v1/events).' },
  { scope: 'exports', description: 'Create, poll and download exports (/v1/exports).' },
  { scope: 'locations', description: 'Locations: the geographic areas campaigns can target (/v1/locations).' },
  { scope: 'loyalties', description: 'Loyalty programs, members, cards, points and earning rules (/v1/loyalties, /v2/loyalties).' },
  { scope: 'metadata-schemas', description: 'Metadata schema definitions (/v1/metadata-schemas).' },
  { scope: 'orders', description: 'Orders and their items (/v1/orders).' },
  { scope: 'product-collections', description: 'Product collections (/v1/product-collections).' },
  { scope: 'products', description: 'Products (/v1/products).' },
  { scope: 'promotions', description: 'Promotion campaigns, tiers and stacks (/v1/promotions).' },
  { scope: 'publications', description: 'Publish codes and list publications (/v1/publications).' },
  { scope: 'qualifications', description: 'Check which incentives a customer qualifies for (/v1/qualifications).' },
  { scope: 'redemptions', description: 'Redeem incentives and roll redemptions back (/v1/redemptions).' },
  { scope: 'referrals', description: 'Referral programs and their members (/v1/referrals).' },
  { scope: 'rewards', description: 'Rewards and their assignments (/v1/rewards).' },
  { scope: 'segments', description: 'Customer segments (/v1/segments).' },
  { scope: 'skus', description: 'Product variants (SKUs) (/v1/skus).' },
  { scope: 'task-results', description: 'Results of finished background tasks (/v1/task-results).' },
  { scope: 'templates', description: 'Campaign templates (/v1/templates).' },
  { scope: 'trash-bin', description: 'Deleted items kept in the bin (/v1/trash-bin).' },
  { scope: 'validation-rules-assignments', description: 'Where validation rules are assigned (/v1/validation-rules-assignments).' },
  { scope: 'validation-rules', description: 'Validation rules (/v1/validation-rules).' },
  { scope: 'validations', description: 'Validate codes and promotions (/v1/validations).' },
  { scope: 'vouchers', description: 'Vouchers: create, read, update, enable and disable (/v1/vouchers).' },
] as const;

export type OAuthScope = (typeof oauthScopes)[number]['scope'];
export const oauthScopeNames: readonly OAuthScope[] = oauthScopes.map((s) => s.scope);

export const oauthScopeSchema = z.enum(oauthScopeNames as [OAuthScope, ...OAuthScope[]]);

export function isOAuthScope(value: string): value is OAuthScope {
  return (oauthScopeNames as readonly string[]).includes(value);
}

/**
 * Form bodies of the three OAuth operations. Fields are optional here on purpose: a missing one is
 * the API's own 400 `missing_parameters`, decided by the service, not a generic invalid payload.
 */
export const tokenRequestSchema = z.object({ grant_type: z.string().optional(), scope: z.string().optional() }).nullish();
export type TokenRequest = z.infer<typeof tokenRequestSchema>;

export const accessTokenRequestSchema = z.object({ access_token: z.string().optional() }).nullish();
export type AccessTokenRequest = z.infer<typeof accessTokenRequestSchema>;

/** SERVICE_SPEC §2.8: the token object. `scope` is the granted values separated by single spaces. */
export const oauthTokenSchema = z.object({
  access_token: z.string(),
  client_id: z.string(),
  expires_at: z.number().int(),
  expires_in: z.number().int(),
  scope: z.string(),
  token_type: z.literal('Bearer'),
});
export type OAuthToken = z.infer<typeof oauthTokenSchema>;

/** Introspection: the token object plus `active: true`, or only `{active: false}`. */
export const introspectionSchema = z.union([oauthTokenSchema.extend({ active: z.literal(true) }), z.object({ active: z.literal(false) }).strict()]);
export type Introspection = z.infer<typeof introspectionSchema>;
