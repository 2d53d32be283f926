import { z } from 'zod';

/**
 * GET /_local/snapshot answers the project as a fixture document (the format `npm run seed` reads,
 * src/server/seed/fixture-schema.ts): its project and key pairs (ids and names, no secret) and its
 * `records`, the rows of each table as stored. POST takes any fixture document, checked in full
 * there; this schema only describes the outline.
 */
export const projectSnapshotSchema = z.looseObject({
  project: z.object({ id: z.string(), name: z.string() }),
  api_keys: z.array(z.object({ id: z.string(), name: z.string(), ip_allowlist: z.array(z.string()) })),
  records: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))).describe('Each table the snapshot holds, by its SQL name: the rows, columns by SQL name, dates as ISO 8601 instants.'),
});
export type ProjectSnapshot = z.infer<typeof projectSnapshotSchema>;

export const snapshotDocumentSchema = z
  .looseObject({})
  .describe('A fixture document: what GET /_local/snapshot answered, or any fixture `npm run seed` takes. Checked whole before anything is written.');

export const projectRestoreSchema = z.object({
  object: z.literal('project_restore'),
  project_id: z.string(),
  /** The project's time when the document was loaded: a reset goes back to the document, dated by it. */
  loaded_at: z.string(),
});
export type ProjectRestore = z.infer<typeof projectRestoreSchema>;
