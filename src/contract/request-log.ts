import { z } from 'zod';
import { dateBound, pageQuery } from './common';
import { injectedFaultSchema } from './local-faults';

/**
 * The request log (GET /_local/requests): the last requests a project's clients sent, as this
 * service answered them. Bodies are kept redacted (credential-like fields and URL parameters
 * blanked, as in the service's own log) and cut at `requestLogBodyLimit` characters.
 */
export const requestLogBodyLimit = 8_192;

/** A status filter: one code (`404`) or a class (`4xx`). */
export const requestStatusFilter = z
  .string()
  .regex(/^[1-5](\d\d|xx)$/, 'must be a status code (404) or a class (4xx)')
  .describe('A status code (`404`) or a class of them (`4xx`).');

/** A request id (`X-Request-Id`, `v-…`) as a place in the log: what was logged after it. */
export const requestLogMarker = z.string().regex(/^v-[0-9a-f]{1,64}$/, 'must be a request id (v-…), an instant or a day');

const markerField = z
  .string()
  .nullable()
  .describe("The id of the newest request the project's log holds at this read, whatever the filters (null while it holds none): pass it as `since` to read only the requests logged after it. The answer holds nothing newer.");

export const requestLogQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  page: pageQuery,
  /** Oldest first (`at`) reads the log as it happened; newest first is the default. */
  order: z.enum(['at', '-at']).default('-at'),
  status: requestStatusFilter.optional(),
  origin: z.enum(['api', 'dashboard']).optional().describe("`api`: the project's own systems; `dashboard`: requests the dashboard sent for its staff. Both when absent."),
  path: z.string().min(1).max(500).optional().describe('Part of the path, e.g. `/members` (case-sensitive).'),
  customer: z.string().min(1).max(200).optional().describe('A customer id, or a customer source id: requests that named or answered that customer.'),
  card: z.string().min(1).max(200).optional().describe('A loyalty card id or code: requests that named or answered that card.'),
  since: z
    .union([requestLogMarker, dateBound])
    .optional()
    .describe('A request id (a `marker`): the requests logged after it; or an instant or a day (ISO 8601, real time): those received at or after it.'),
  count_only: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true')
    .describe('`true`: answer only how many requests match the filters (`request_count`), no entries.'),
});
export type RequestLogQuery = z.output<typeof requestLogQuerySchema>;
export type RequestLogQueryInput = z.input<typeof requestLogQuerySchema>;

/** How the request authenticated: by key pair (or management key pair) or bearer token, named by id only. */
export const requestCredentialSchema = z.object({
  type: z.enum(['key', 'bearer', 'management']),
  key_id: z.string().describe('The API key (X-App-Id) used, or that issued the bearer token.'),
  token_id: z.string().nullable().describe('The bearer token used, by id; null for a key pair.'),
  dashboard_user_id: z.string().nullable().describe('The staff user the dashboard sent the request for; null when it came from elsewhere.'),
});

export const requestLogEntrySchema = z.object({
  id: z.string().describe('The request id (X-Request-Id of the answer).'),
  object: z.literal('request'),
  at: z.string().describe('When the request was received (ISO 8601, real time).'),
  method: z.string(),
  path: z.string(),
  query: z.string().describe('The query string without `?`, credential-like parameters redacted; empty when none.'),
  status: z.number().int(),
  duration_ms: z.number(),
  credential: requestCredentialSchema,
  request_body: z.unknown().describe('The JSON body as sent (redacted), or its first characters as text when cut; null without a body.'),
  request_body_truncated: z.boolean(),
  response_body: z.unknown().describe('The JSON answer (redacted), or its first characters as text when cut; null without one.'),
  response_body_truncated: z.boolean(),
  customer_ids: z.array(z.string()).describe('Customers the request named (as it named them: an id or a source id) or its answer showed (by id).'),
  card_ids: z.array(z.string()).describe('Loyalty cards the request named (an id or a code, as named) or its answer showed (by id).'),
  injected_fault: injectedFaultSchema.nullable().describe('The fault (`/_local/faults`) the request met instead of its usual answer (or before it, for a delay); null when it met none. A dropped connection is logged with status 0.'),
});
export type RequestLogEntry = z.infer<typeof requestLogEntrySchema>;

export const requestLogListSchema = z.object({
  object: z.literal('list'),
  data_ref: z.literal('requests'),
  requests: z.array(requestLogEntrySchema),
  total: z.number().int(),
  marker: markerField,
});
export type RequestLogList = z.infer<typeof requestLogListSchema>;

/** `count_only=true`: how many requests match, with the same filters as the list. */
export const requestLogCountSchema = z.object({
  object: z.literal('request_count'),
  total: z.number().int(),
  marker: markerField,
});
export type RequestLogCount = z.infer<typeof requestLogCountSchema>;
