import type { MetadataSchema, MetadataSchemaList } from '../../contract/metadata-schema';
import type { ServiceContext } from '../context';
import { findEventSchemaByName, listEventSchemas } from '../db/repositories/event-schemas';
import { notFound } from '../lib/api-error';
import { presentEventMetadataSchema } from '../presenters/metadata-schema';

/** GET /v1/metadata-schemas: every schema the project defines (its custom event schemas), by name. */
export async function listMetadataSchemas(ctx: ServiceContext, projectId: string): Promise<MetadataSchemaList> {
  const rows = await listEventSchemas(ctx.db, projectId);
  return { object: 'list', data_ref: 'schemas', schemas: rows.map(presentEventMetadataSchema), total: rows.length };
}

/**
 * GET /v1/metadata-schemas/{resource}: the schema of that resource. The project defines no schema of a
 * standard resource (customer, order, …), so those are 404 as any resource without one.
 */
export async function getMetadataSchema(ctx: ServiceContext, projectId: string, resource: string): Promise<MetadataSchema> {
  const row = await findEventSchemaByName(ctx.db, projectId, resource);
  if (!row) throw notFound('metadata_schema', resource, `Cannot find metadata_schema for resource ${resource}`);
  return presentEventMetadataSchema(row);
}
