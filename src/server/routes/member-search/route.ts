import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { memberSearchListQuerySchema, memberSearchListSchema } from '../../../contract/member-search';
import { searchMembers } from '../../services/member-search';

/** Finding a member across programs: the dashboard's search box and member page. */
const memberSearchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/v1/loyalties/members', {
      config: { docs: { extension: 'Cards across every program whose code, or whose holder’s email, name or source id, contains `q`; or every card of one `customer`.' } },
      schema: { summary: 'Find Members', querystring: memberSearchListQuerySchema, response: { 200: memberSearchListSchema } },
    }, async (request) =>
    searchMembers(app.ctx, request.principal.projectId, request.query),
  );
};

export default memberSearchRoutes;
