import { z } from 'zod';

/** POST /_local/reset: back to the state the project's fixture made (the default), or empty. */
export const resetProjectSchema = z
  .strictObject({
    to: z.enum(['fixture', 'empty']).default('fixture').describe('`fixture` (the default): as the fixture the project was loaded from made it; `empty`: no customers, programs, cards or anything else.'),
  })
  .nullish();
export type ResetProject = z.output<typeof resetProjectSchema>;

export const projectResetSchema = z.object({
  object: z.literal('project_reset'),
  project_id: z.string(),
  to: z.enum(['fixture', 'empty']),
  /** When the fixture was first loaded, the time its records are dated by; null for `empty`. */
  fixture_loaded_at: z.string().nullable(),
});
export type ProjectReset = z.infer<typeof projectResetSchema>;
