import { z } from 'zod';
import { dateTime } from './common';

/** How far a project's clock may run ahead of real time: a century, ample for any expiry or validity window. */
export const maxClockOffsetSeconds = 100 * 366 * 24 * 3600;

/** GET/POST/DELETE /_local/clock: the project's time and how far it runs ahead of real time. */
export const localClockSchema = z.object({
  now: z.string().describe("The project's current time (ISO 8601)."),
  offset_seconds: z.number().min(0).describe('Seconds (with milliseconds) the project runs ahead of real time; 0 is real time.'),
});
export type LocalClock = z.infer<typeof localClockSchema>;

/** POST /_local/clock: move the project's time forward by some seconds, or to a moment. */
export const moveLocalClockSchema = z
  .strictObject({
    advance_seconds: z.number().int().min(1).max(maxClockOffsetSeconds).optional().describe('Seconds to move the clock forward.'),
    now: dateTime.optional().describe("The moment to move the clock to (ISO 8601 with an offset), not before the project's current time."),
  })
  .refine((body) => (body.advance_seconds === undefined) !== (body.now === undefined), { message: 'send either advance_seconds or now, not both and not neither' });
export type MoveLocalClock = z.infer<typeof moveLocalClockSchema>;
