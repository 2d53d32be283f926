import { z } from 'zod';

/**
 * The dashboard's build-time settings (`VITE_*`), parsed once. A bad value fails loudly at start
 * with the variable's name instead of surfacing later as a broken page.
 */
const envSchema = z.object({
  /** Tile URL template for the Locations map; unset means the map uses its built-in default. */
  VITE_TILE_URL: z
    .string()
    .trim()
    .min(1)
    .refine((value) => value.includes('{z}') && value.includes('{x}') && value.includes('{y}'), 'must contain {z}, {x} and {y}')
    .optional(),
  VITE_TILE_ATTRIBUTION: z.string().trim().min(1).optional(),
  MODE: z.string(),
  DEV: z.boolean(),
  PROD: z.boolean(),
  BASE_URL: z.string(),
});

export type Env = z.infer<typeof envSchema>;

function readEnv(): Env {
  const parsed = envSchema.safeParse(import.meta.env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid dashboard configuration (VITE_* variables at build time):\n${lines.join('\n')}`);
  }
  return parsed.data;
}

export const env: Env = readEnv();
