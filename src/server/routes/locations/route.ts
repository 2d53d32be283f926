import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { locationListQuerySchema } from '../../../contract/location';
import { parseDeepObjectQuery } from '../../http/deep-object-query';
import { getLocation, listProjectLocations } from '../../services/locations-read';

const locationParams = z.object({ locationId: z.string().min(1) });

/** Locations: read-only (the real API creates them in its dashboard; ours come from fixtures). */
const locationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/v1/locations', { preValidation: parseDeepObjectQuery, schema: { querystring: locationListQuerySchema } }, async (request) =>
    listProjectLocations(app.ctx, request.principal.projectId, request.query),
  );

  app.get('/v1/locations/:locationId', { schema: { params: locationParams } }, async (request) =>
    getLocation(app.ctx, request.principal.projectId, request.params.locationId),
  );
};

export default locationRoutes;
