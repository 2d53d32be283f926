import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../lib/api-error';
import type { RateLimiter } from './rate-limiter';

/**
 * Counts an authenticated request against its project and sets the rate-limit headers; past the
 * limit, a 429 error object with Retry-After (the headers stay on the error response).
 */
export async function enforceRateLimit(limiter: RateLimiter, request: FastifyRequest, reply: FastifyReply, now: Date): Promise<void> {
  const decision = await limiter.check(request.principal.projectId, now);
  void reply.headers({
    'x-rate-limit-limit': String(decision.limit),
    'x-rate-limit-remaining': String(decision.remaining),
    'x-rate-limit-retry': String(decision.resetAt),
  });
  if (decision.exceeded) throw tooManyRequests(decision.limit, decision.retryAfter);
}

/** The 429 of a project over its limit, with Retry-After (the X-Rate-Limit-* headers are the reply's already). */
export function tooManyRequests(limit: number, retryAfter: number): ApiError {
  return new ApiError(
    429,
    'too_many_requests',
    'Too many requests hit the API too quickly.',
    `This project may make ${limit} requests per minute; try again in ${retryAfter} s`,
    undefined,
    { 'retry-after': String(retryAfter) },
  );
}
