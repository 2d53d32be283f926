import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import { LookupCache } from '../lookup-cache';
import { eventSchemas } from '../../../platform/db/schema';

export type EventSchemaRow = typeof eventSchemas.$inferSelect;

/** Every event starts with this lookup; schemas are written only as new rows when a fixture loads. */
const foundSchemas = new LookupCache<EventSchemaRow>();

/** Drops every remembered schema: a project's state was reset or replaced (services/reset-project). */
export function forgetEventSchemas(): void {
  foundSchemas.clear();
}

export async function findEventSchemaByName(db: DbOrTx, projectId: string, name: string): Promise<EventSchemaRow | undefined> {
  return foundSchemas.get(`${projectId}\u0000${name}`, async () => {
    const [row] = await db.select().from(eventSchemas).where(and(eq(eventSchemas.projectId, projectId), eq(eventSchemas.name, name))).limit(1);
    return row;
  });
}

export async function listEventSchemas(db: DbOrTx, projectId: string): Promise<EventSchemaRow[]> {
  return db.select().from(eventSchemas).where(eq(eventSchemas.projectId, projectId)).orderBy(asc(eventSchemas.name));
}
