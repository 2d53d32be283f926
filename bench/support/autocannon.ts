import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  /** Answers received, and of them 2xx. */
  requests: number;
  ok: number;
}

/**
 * Runs autocannon against one request shape; `body` and `path` are called per request so bodies can
 * be unique and requests can spread over resources (several cards, say).
 */
export async function load(
  url: string,
  options: { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: () => string; path?: () => string; seconds?: number; connections?: number; /** Requests per second over all connections; unset: as fast as answered. */ rate?: number },
): Promise<LoadResult> {
  const { body, path } = options;
  const result = await autocannon({
    url,
    method: options.method ?? 'GET',
    headers: options.headers,
    connections: options.connections ?? 10,
    duration: options.seconds ?? 5,
    ...(options.rate && { overallRate: options.rate }),
    requests: body || path ? [{ setupRequest: (request) => ({ ...request, ...(path && { path: path() }), ...(body && { body: body() }) }) }] : undefined,
  });
  return { requestsPerSecond: result.requests.average, p50Ms: result.latency.p50, p99Ms: result.latency.p99, non2xx: result.non2xx, requests: result.requests.total, ok: result['2xx'] };
}

export const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
