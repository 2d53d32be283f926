import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorObjectSchema } from '../../../contract/error';
import { metadataSchemaListSchema, metadataSchemaParamsSchema, metadataSchemaSchema } from '../../../contract/metadata-schema';
import { getMetadataSchema, listMetadataSchemas } from '../../services/metadata-schemas-reads';

/** Metadata schemas: read-only (the real API edits them in its dashboard; ours come from fixtures). */
const metadataSchemaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/v1/metadata-schemas', { schema: { summary: 'List Metadata Schema Definitions', response: { 200: metadataSchemaListSchema } } }, async (request) =>
    listMetadataSchemas(app.ctx, request.principal.projectId),
  );

  app.get('/v1/metadata-schemas/:resource', {
      schema: {
        summary: 'Get Metadata Schema',
        params: metadataSchemaParamsSchema,
        response: { 200: metadataSchemaSchema, 404: errorObjectSchema.describe('The project defines no metadata schema for that resource (`not_found`).') },
      },
    }, async (request) =>
    getMetadataSchema(app.ctx, request.principal.projectId, request.params.resource),
  );
};

export default metadataSchemaRoutes;
