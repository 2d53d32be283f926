import type { z } from 'zod';
import type { RequestOptions } from './api-client';

/**
 * A list request's query, typed by the service's own query schema from src/contract: a misspelt
 * parameter, an order the service does not offer or a limit of the wrong kind fails type-checking
 * here instead of answering 400 at run time. The schema is only read for its type.
 */
export function contractQuery<S extends z.ZodType>(_schema: S, query: z.input<S>): RequestOptions['query'] {
  return query as RequestOptions['query'];
}
