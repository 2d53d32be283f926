import { requestLogBodyLimit } from '../../contract/request-log';
import type { InjectedFault } from '../../contract/local-faults';
import { isCredentialName, redactedUrl } from '../../platform/http/log-serializers';

/** What the service keeps of a request it answered, as captured by its hooks (no work done yet). */
export interface AnsweredRequest {
  projectId: string;
  requestId: string;
  at: Date;
  method: string;
  /** The URL as received, path and query. */
  url: string;
  status: number;
  durationMs: number;
  credential: { type: 'key' | 'bearer' | 'management'; keyId: string; tokenId: string | null };
  /** The staff user the dashboard sent it for, when it came from the dashboard. */
  dashboardUserId: string | null;
  params: unknown;
  /** The parsed body (JSON or form), undefined without one. */
  body: unknown;
  /** What was sent: a serialized body (string or Buffer), or a stream (a file), not kept. */
  payload: unknown;
  /** The fault (/_local/faults) it met, if any. */
  injectedFault?: InjectedFault | null;
}

/** One row of the request log, redacted and cut. */
export interface RequestLogRecord {
  projectId: string;
  requestId: string;
  at: Date;
  method: string;
  path: string;
  query: string;
  status: number;
  durationMs: number;
  authMethod: string;
  apiKeyId: string;
  tokenId: string | null;
  dashboardUserId: string | null;
  requestBody: string | null;
  requestBodyTruncated: boolean;
  responseBody: string | null;
  responseBodyTruncated: boolean;
  customerIds: string[];
  cardIds: string[];
  injectedFault: InjectedFault | null;
}

const redacted = '[redacted]';

/**
 * A body's field whose value is a credential: the names the log redacts in URLs, except `key`
 * alone, which in this API's bodies is the error object's key (`not_found`), never a secret.
 */
function isCredentialField(name: string): boolean {
  return name !== 'key' && isCredentialName(name);
}
/** Ids the service makes (`cust_…`, `v_…`); a card code or source id is resolved to one when the log is read. */
const customerId = /^cust_[A-Za-z0-9]+$/;
const cardId = /^v_[A-Za-z0-9]+$/;
/** A request touching more than this many of one kind (a list page) keeps the first ones. */
const maxIdsPerKind = 100;
/**
 * Answers beyond this are not parsed to redact them field by field (a page of a list costs more to
 * parse than to serve): their first characters are redacted as text, and their ids found by pattern.
 */
const maxParsedPayload = 2 * requestLogBodyLimit;
/** How much of an answer is searched for credentials and ids: what is kept, and as much again (a big list costs its scan otherwise). */
const maxScannedPayload = 2 * requestLogBodyLimit;
const customerIdInText = /"(cust_[A-Za-z0-9]+)"/g;
const cardIdInText = /"(v_[A-Za-z0-9]+)"/g;
/**
 * Every credential-like name the redaction knows, anywhere in a text, and the URL query parameters
 * whose name alone is one (`key`, `sig`) or is encoded (`%74oken`, which the server reads as
 * `token`): when an answer has none of these it holds nothing to redact (a looser test than the
 * field names', so it only ever sends more answers down the careful path). A URL with harmless
 * parameters (a card's asset links) no longer sends every member answer through JSON.parse.
 */
const mayHoldCredential = /token|secret|passw|pwd|passphrase|api[-_]?key|access[-_]?key|private[-_]?key|auth|credential|signature|"sig"|session|csrf|cookie|jwt|bearer|[?&;](?:key=|sig=|[^=&;"\s]*[%+][^=&;"\s]*=)/i;
/** Nesting kept of a body; deeper values (refused by the service anyway) are replaced. */
const maxDepth = 32;

interface Touched {
  customers: Set<string>;
  cards: Set<string>;
}

/**
 * A copy of a JSON value with the value of every credential-like field blanked (the names the log
 * redacts in URLs: token, secret, password, …) and credential parameters of every URL inside a
 * string redacted; collects the customer and card ids it meets on the way.
 */
function redactValue(value: unknown, touched: Touched, depth = 0): unknown {
  if (depth > maxDepth) return '[too deep]';
  if (typeof value === 'string') {
    if (customerId.test(value)) {
      if (touched.customers.size < maxIdsPerKind) touched.customers.add(value);
    } else if (cardId.test(value)) {
      if (touched.cards.size < maxIdsPerKind) touched.cards.add(value);
    }
    return value.includes('?') ? redactedUrl(value) : value;
  }
  if (Array.isArray(value)) return value.map((item) => redactValue(item, touched, depth + 1));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = isCredentialField(key) && item !== null && item !== undefined ? redacted : redactValue(item, touched, depth + 1);
    return out;
  }
  return value;
}

function add(set: Set<string>, value: unknown): void {
  if (typeof value === 'string' && value !== '' && set.size < maxIdsPerKind) set.add(value);
}

/**
 * The customers and cards a request names by the caller's own keys, where the API takes them: the
 * path's `customerId` and `memberId` (an id, a source id, a card code) and the body's `customer`
 * (a string, or an object with `id` or `source_id`). Kept as named, so a refused request about a
 * customer (no id in its answer) is still found by that customer; the log's reader matches a
 * customer's id and source id, a card's id and code.
 */
function collectNamed(params: unknown, body: unknown, touched: Touched): void {
  if (params !== null && typeof params === 'object') {
    const named = params as Record<string, unknown>;
    add(touched.customers, named.customerId);
    add(touched.cards, named.memberId);
  }
  if (body !== null && typeof body === 'object' && !Array.isArray(body)) {
    const customer = (body as Record<string, unknown>).customer;
    if (typeof customer === 'string') add(touched.customers, customer);
    else if (customer !== null && typeof customer === 'object') {
      add(touched.customers, (customer as Record<string, unknown>).id);
      add(touched.customers, (customer as Record<string, unknown>).source_id);
    }
  }
}

/** A string value of a credential-like field inside JSON text, for bodies too large to parse. */
const credentialField = /"([^"\\]{1,100})"\s*:\s*"((?:\\.|[^"\\])*)"/g;

function redactText(text: string): string {
  return redactedUrl(text.replace(credentialField, (field, name: string) => (isCredentialField(name) ? `"${name}":"${redacted}"` : field)));
}

function cut(text: string): { text: string; truncated: boolean } {
  return text.length > requestLogBodyLimit ? { text: text.slice(0, requestLogBodyLimit), truncated: true } : { text, truncated: false };
}

function keptBody(value: unknown, touched: Touched): { text: string | null; truncated: boolean } {
  if (value === undefined || value === null) return { text: null, truncated: false };
  return cut(JSON.stringify(redactValue(value, touched)));
}

interface KeptPayload {
  text: string | null;
  truncated: boolean;
  customers: string[];
  cards: string[];
}

/**
 * The latest answers kept, by their text: a list answered again and again (a page polled, a cached
 * location list) is scanned once, the scan costing more than serving it. Small texts only, since a
 * Map hashes its whole key.
 */
const keptRecently = new Map<string, KeptPayload>();
const maxRemembered = 64;
const maxRememberedLength = 4 * requestLogBodyLimit;

function keptPayload(payload: unknown, touched: Touched): { text: string | null; truncated: boolean } {
  let text: string;
  if (typeof payload === 'string') text = payload;
  else if (Buffer.isBuffer(payload)) text = payload.toString('utf8');
  else return { text: null, truncated: false };
  if (text === '') return { text: null, truncated: false };
  if (text.length > maxRememberedLength) return keptText(text, touched);
  let kept = keptRecently.get(text);
  if (!kept) {
    const own: Touched = { customers: new Set(), cards: new Set() };
    const { text: keptBody, truncated } = keptText(text, own);
    kept = { text: keptBody, truncated, customers: [...own.customers], cards: [...own.cards] };
    if (keptRecently.size >= maxRemembered) keptRecently.delete(keptRecently.keys().next().value as string);
    keptRecently.set(text, kept);
  }
  for (const id of kept.customers) add(touched.customers, id);
  for (const id of kept.cards) add(touched.cards, id);
  return { text: kept.text, truncated: kept.truncated };
}

function keptText(text: string, touched: Touched): { text: string | null; truncated: boolean } {
  const scanned = text.slice(0, maxScannedPayload);
  // Most answers hold nothing to redact: kept as sent, ids found by pattern, never parsed.
  if (!mayHoldCredential.test(scanned)) {
    findIds(scanned, touched);
    return cut(text);
  }
  if (text.length <= maxParsedPayload && (text[0] === '{' || text[0] === '[')) {
    try {
      return keptBody(JSON.parse(text), touched);
    } catch {
      // not JSON after all: kept as text below
    }
  }
  findIds(scanned, touched);
  return cut(redactText(text.slice(0, requestLogBodyLimit * 2)));
}

function findIds(text: string, touched: Touched): void {
  if (text.includes('"cust_')) for (const [, id] of text.matchAll(customerIdInText)) add(touched.customers, id);
  if (text.includes('"v_')) for (const [, id] of text.matchAll(cardIdInText)) add(touched.cards, id);
}

/**
 * Text PostgreSQL stores: a NUL (which a text column refuses, and which a path's `%00` or a body's
 * `\u0000` names) becomes U+FFFD, so one request's odd name never costs its entry, or its batch.
 */
function storable(text: string): string {
  return text.includes('\u0000') ? text.replaceAll('\u0000', '\ufffd') : text;
}

function storableOrNull(text: string | null): string | null {
  return text === null ? null : storable(text);
}

/** The row the log keeps of an answered request: redacted, cut, with the customers and cards it touched. */
export function requestLogRecord(request: AnsweredRequest): RequestLogRecord {
  const touched: Touched = { customers: new Set(), cards: new Set() };
  collectNamed(request.params, request.body, touched);
  const queryAt = request.url.indexOf('?');
  const path = queryAt === -1 ? request.url : request.url.slice(0, queryAt);
  const query = queryAt === -1 ? '' : redactedUrl(request.url).slice(queryAt + 1);
  if (query) redactValue(Object.fromEntries(new URLSearchParams(query)), touched);
  const requestBody = keptBody(request.body, touched);
  const responseBody = keptPayload(request.payload, touched);
  return {
    projectId: request.projectId,
    requestId: storable(request.requestId),
    at: request.at,
    method: storable(request.method),
    path: storable(path),
    query: storable(query),
    status: request.status,
    durationMs: Math.round(request.durationMs * 1000) / 1000,
    authMethod: request.credential.type,
    apiKeyId: request.credential.keyId,
    tokenId: request.credential.tokenId,
    dashboardUserId: storableOrNull(request.dashboardUserId),
    requestBody: storableOrNull(requestBody.text),
    requestBodyTruncated: requestBody.truncated,
    responseBody: storableOrNull(responseBody.text),
    responseBodyTruncated: responseBody.truncated,
    customerIds: [...touched.customers].map(storable),
    cardIds: [...touched.cards].map(storable),
    injectedFault: request.injectedFault ?? null,
  };
}
