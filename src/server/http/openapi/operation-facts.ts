import type { RouteAuth } from '../../auth/principal';

/**
 * What the document says about an operation beyond its own schemas: the error responses the
 * service's shared machinery can give it (authentication, rate limit, input validation, a path
 * naming a resource), its security requirements and its tag. Pure: the transform applies them.
 */

export interface ErrorResponseFact {
  status: string;
  description: string;
}

/**
 * The error statuses every operation of its kind can answer, whatever its handler does. 400 is
 * every operation's: beside its own rules, any query or body nested deeper than 32 levels or
 * holding text PostgreSQL cannot store is refused before the handler runs.
 */
export function sharedErrorResponses(input: { auth: RouteAuth; hasPathParams: boolean }): ErrorResponseFact[] {
  const facts: ErrorResponseFact[] = [];
  facts.push({ status: '400', description: 'Invalid input: the error object names the offending field (`invalid_payload`, `invalid_query_params` or an operation-specific key).' });
  if (input.auth !== 'public') {
    facts.push({ status: '401', description: 'Missing or invalid credentials (`unauthorized`).' });
    facts.push({ status: '403', description: 'The key does not allow the caller\'s address, or the bearer token lacks the scope (`forbidden`, `missing_required_permission`).' });
  }
  if (input.hasPathParams) facts.push({ status: '404', description: 'The resource named in the path does not exist in this project (`not_found`).' });
  if (input.auth !== 'public') facts.push({ status: '429', description: 'Over the project\'s requests per minute (`too_many_requests`); see `Retry-After`.' });
  return facts;
}

/** How an operation may be called, in the security scheme names of the published contract. */
export function securityOf(auth: RouteAuth): Record<string, string[]>[] {
  const keyPair = { 'X-App-Id': [], 'X-App-Token': [] };
  if (auth === 'public') return [];
  if (auth === 'key') return [keyPair];
  if (auth === 'management') return [{ 'X-Management-Id': [], 'X-Management-Token': [] }];
  return [keyPair, { bearerAuth: [] }];
}

const tagNames: Record<string, string> = {
  loyalties: 'Loyalties',
  oauth: 'OAuth',
  segments: 'Segments',
  customers: 'Customers',
  products: 'Products',
  skus: 'Products',
  rewards: 'Rewards',
  redemptions: 'Redemptions',
  locations: 'Locations',
  events: 'Events',
  'metadata-schemas': 'Metadata Schemas',
  exports: 'Exports',
  publications: 'Publications',
  assets: 'Assets',
  orders: 'Orders',
  'async-actions': 'Async Actions',
  _local: 'Local control',
  management: 'Management',
};

/** The tag an operation is listed under: its resource, the first path segment after the version. */
export function tagOf(url: string): string {
  const segments = url.split('/').filter(Boolean);
  const resource = /^v\d+$/.test(segments[0] ?? '') ? segments[1] : segments[0];
  return tagNames[resource ?? ''] ?? 'Service';
}

/** A stable operation id from the method and path template: `get /v1/loyalties/{campaignId}` → `get-v1-loyalties-campaignId`. */
export function operationIdOf(method: string, openApiPath: string): string {
  const parts = openApiPath
    .split('/')
    .filter(Boolean)
    .map((part) => part.replace(/[{}]/g, '').replace(/^_/, ''));
  return [method.toLowerCase(), ...parts].join('-');
}

/** `/v1/x/:id` → `/v1/x/{id}` */
export function openApiPathOf(fastifyUrl: string): string {
  return fastifyUrl.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}
