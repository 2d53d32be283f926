import { z } from 'zod';

/**
 * Faults on demand (`/_local/faults`, LOCAL_CONTROL=on): what the calling project's next requests
 * meet instead of (or before) their answer, so an integrator can see what their code does when the
 * API is rate limited, failing, slow or gone. A fault is decided before the operation runs: a
 * request answered by one writes nothing.
 */

/** The statuses a fault may answer, each with the error object the real API's would carry. */
export const faultStatuses = [429, 500, 502, 503, 504] as const;
export type FaultStatus = (typeof faultStatuses)[number];

/** Long enough for any client timeout an integrator tests; a request held longer holds a connection for nothing. */
export const maxFaultLatencyMs = 300_000;
export const maxFaultTimes = 1_000_000;
/** Faults a project may hold at once: each request checks them in order. */
export const maxFaultsPerProject = 100;

const methods = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;

export const createFaultSchema = z
  .strictObject({
    method: z.enum(methods).optional().describe('The operation\'s method; every method when absent.'),
    path: z
      .string()
      .min(1)
      .max(500)
      .regex(/^\//, 'must start with /')
      .optional()
      .describe('The operation\'s path template as the API reference writes it (`/v1/loyalties/{campaignId}/members`); every operation when absent. Parameter names need not match.'),
    status: z.literal(faultStatuses).optional().describe('Answer this status with its error object (429 with the rate-limit headers and `Retry-After`).'),
    latency_ms: z.number().int().min(1).max(maxFaultLatencyMs).optional().describe('Wait this long first; alone, the request is then served as usual (and writes what it writes).'),
    drop: z.literal(true).optional().describe('Close the connection without an answer.'),
    retry_after_seconds: z.number().int().min(1).max(86_400).optional().describe('With status 429 or 503: the `Retry-After` sent (429 by default: the seconds left in the current minute, as the real limit answers; 503: none by default).'),
    times: z.number().int().min(1).max(maxFaultTimes).optional().describe('How many requests meet it (1: once); every matching request when absent.'),
    probability: z.number().gt(0).max(1).default(1).describe('The chance each matching request meets it (0 < p ≤ 1).'),
  })
  .superRefine((body, ctx) => {
    if (body.status === undefined && body.latency_ms === undefined && body.drop === undefined) ctx.addIssue({ code: 'custom', path: [], message: 'send status, latency_ms or drop: a fault must do something' });
    if (body.status !== undefined && body.drop) ctx.addIssue({ code: 'custom', path: ['drop'], message: 'cannot be combined with status: a dropped connection has no answer' });
    if (body.retry_after_seconds !== undefined && body.status !== 429 && body.status !== 503) ctx.addIssue({ code: 'custom', path: ['retry_after_seconds'], message: 'is sent with status 429 or 503 only' });
  });
export type CreateFault = z.output<typeof createFaultSchema>;
export type CreateFaultInput = z.input<typeof createFaultSchema>;

export const faultSchema = z.object({
  id: z.string(),
  object: z.literal('fault'),
  method: z.string().nullable().describe('null: every method.'),
  path: z.string().nullable().describe('null: every operation.'),
  status: z.number().int().nullable(),
  latency_ms: z.number().int().nullable(),
  drop: z.boolean(),
  retry_after_seconds: z.number().int().nullable(),
  times: z.number().int().nullable().describe('As set; null: no limit.'),
  remaining: z.number().int().nullable().describe('Requests it will still meet; null: no limit.'),
  probability: z.number(),
  created_at: z.string().describe('Real time.'),
});
export type Fault = z.infer<typeof faultSchema>;

export const faultListSchema = z.object({
  object: z.literal('list'),
  data_ref: z.literal('data'),
  data: z.array(faultSchema),
  total: z.number().int(),
});
export type FaultList = z.infer<typeof faultListSchema>;

export const faultParamsSchema = z.object({ faultId: z.string().min(1).max(100) });

/** What a request met, as the request log shows it (`injected_fault`). */
export const injectedFaultSchema = z.object({
  id: z.string().describe('The fault, by id.'),
  kind: z.enum(['status', 'latency', 'drop']).describe('What the request met: an error status (after any latency), only a delay, or a dropped connection (after any latency).'),
  status: z.number().int().nullable(),
  latency_ms: z.number().int().nullable(),
});
export type InjectedFault = z.infer<typeof injectedFaultSchema>;
