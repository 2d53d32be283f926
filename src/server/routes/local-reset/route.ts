import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { projectResetSchema, resetProjectSchema } from '../../../contract/local-reset';
import { acceptEmptyJsonBodies } from '../../http/empty-json-body';
import { resetProject } from '../../services/reset-project';

const why = 'A known starting state for every test (LOCAL_CONTROL): the calling project back to its fixture, or empty, without a restart.';

/** Registered only with LOCAL_CONTROL=on, like the clock: a project's key pair resets that project and no other. */
const localResetRoutes: FastifyPluginAsyncZod = async (app) => {
  acceptEmptyJsonBodies(app);
  app.post(
    '/_local/reset',
    {
      config: { auth: 'key', docs: { extension: why } },
      schema: {
        summary: 'Reset the project',
        description:
          'Deletes the calling project\'s customers, programs, cards and their history, rules, rewards, segments, locations, orders, exports and its clock, then (unless `{"to": "empty"}`) loads the fixture the project was made from again, with the same ids, codes and dates, in one transaction. API keys, tokens, webhook endpoints and the request log stay.',
        body: resetProjectSchema,
        response: { 200: projectResetSchema },
      },
    },
    async (request) => resetProject(app.ctx, request.principal.projectId, request.body),
  );
};

export default localResetRoutes;
