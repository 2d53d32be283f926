import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { eventSchemas } from '../schema';

export type EventSchemaRow = typeof eventSchemas.$inferSelect;

export async function findEventSchemaByName(db: DbOrTx, projectId: string, name: string): Promise<EventSchemaRow | undefined> {
  const [row] = await db.select().from(eventSchemas).where(and(eq(eventSchemas.projectId, projectId), eq(eventSchemas.name, name))).limit(1);
  return row;
}

export async function listEventSchemas(db: DbOrTx, projectId: string): Promise<EventSchemaRow[]> {
  return db.select().from(eventSchemas).where(eq(eventSchemas.projectId, projectId)).orderBy(asc(eventSchemas.name));
}
