import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorObjectSchema } from '../../../contract/error';
import { createSegmentRequestSchema, customerLookupRequestSchema, customerLookupSchema, customerSegmentListSchema, segmentListQuerySchema, segmentListSchema, segmentPreviewRequestSchema, segmentPreviewSchema, segmentSchema } from '../../../contract/segment';
import { acceptEmptyJsonBodies } from '../../http/empty-json-body';
import { noContent } from '../../http/openapi/responses';
import { createSegment } from '../../services/create-segment';
import { deleteSegment } from '../../services/delete-segment';
import { getSegment, listCustomerSegments, listSegments, lookupCustomers, previewSegment } from '../../services/segment-reads';

const segmentParams = z.object({ segmentId: z.string().min(1).max(200) });

/**
 * Customer segments: create (static up to 20,000 ids, or auto-update / passive by filter), read one,
 * list a segment's members the way the real API does (GET /v1/customers?segment_id=…, routes/customers), and preview
 * a filter's size before creating it (our extension, see README).
 */
const segmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/v1/segments', {
      schema: {
        summary: 'Create Segment',
        body: createSegmentRequestSchema,
        response: { 200: segmentSchema, 404: errorObjectSchema.describe('A static segment names customers the project does not have (`not_found`).') },
      },
    }, async (request) =>
    createSegment(app.ctx, request.principal.projectId, request.body),
  );

  app.post('/v1/segments/preview', {
      config: { docs: { extension: 'How many customers a filter matches now, so the segment builder shows a count before creating.' } },
      schema: { summary: 'Preview a segment filter', body: segmentPreviewRequestSchema, response: { 200: segmentPreviewSchema } },
    }, async (request) =>
    previewSegment(app.ctx, request.principal.projectId, request.body.filter),
  );

  app.get('/v1/segments', {
      config: { docs: { extension: "The project's segments with their sizes, for the dashboard's Segments page; the real API lists them only in its dashboard." } },
      schema: { summary: 'List Segments', querystring: segmentListQuerySchema, response: { 200: segmentListSchema } },
    }, async (request) =>
    listSegments(app.ctx, request.principal.projectId, request.query),
  );

  app.post('/v1/customers/lookup', {
      config: { docs: { extension: 'Which customers a pasted list names (customer ids or source ids), so a static segment can be built from a spreadsheet of source ids.' } },
      schema: { summary: 'Look up customers by id or source id', body: customerLookupRequestSchema, response: { 200: customerLookupSchema } },
    }, async (request) =>
    lookupCustomers(app.ctx, request.principal.projectId, request.body.references),
  );

  app.get('/v1/segments/:segmentId', { schema: { summary: 'Get Segment', params: segmentParams, response: { 200: segmentSchema } } }, async (request) =>
    getSegment(app.ctx, request.principal.projectId, request.params.segmentId),
  );

  // The SDK's DELETE calls say JSON and send nothing.
  acceptEmptyJsonBodies(app);
  app.delete('/v1/segments/:segmentId', {
      schema: {
        summary: 'Delete Segment',
        description: 'The segment and its memberships go; its customers stay. Refused while an earning rule names it.',
        params: segmentParams,
        response: { 204: noContent, 400: errorObjectSchema.describe('An earning rule names the segment (`resource_in_use`).'), 404: errorObjectSchema.describe('No segment with that id (`not_found`).') },
      },
    }, async (request, reply) => {
    await deleteSegment(app.ctx, request.principal.projectId, request.params.segmentId);
    return reply.status(204).send();
  });

  app.get('/v1/customers/:customerId/segments', {
      schema: {
        summary: "List Customer's Segments",
        params: z.object({ customerId: z.string().min(1).max(200) }),
        response: { 200: customerSegmentListSchema, 404: errorObjectSchema.describe('No customer with that id or source id (`not_found`).') },
      },
    }, async (request) =>
    listCustomerSegments(app.ctx, request.principal.projectId, request.params.customerId),
  );
};

export default segmentRoutes;
