import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { locationListQuerySchema, locationListSchema, locationSchema } from '../../../contract/location';
import { parseDeepObjectQuery } from '../../http/deep-object-query';
import { getLocation, listProjectLocations } from '../../services/locations-reads';

const locationParams = z.object({ locationId: z.string().min(1) });

/** Locations: read-only (the real API creates them in its dashboard; ours come from fixtures). */
const locationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/v1/locations', { preValidation: parseDeepObjectQuery, schema: { summary: 'List Locations', querystring: locationListQuerySchema, response: { 200: locationListSchema } } }, async (request) =>
    listProjectLocations(app.ctx, request.principal.projectId, request.query),
  );

  app.get('/v1/locations/:locationId', { schema: { summary: 'Get Location', params: locationParams, response: { 200: locationSchema } } }, async (request) =>
    getLocation(app.ctx, request.principal.projectId, request.params.locationId),
  );
};

export default locationRoutes;
