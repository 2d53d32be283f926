import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { localClockSchema, moveLocalClockSchema } from '../../../contract/local-clock';
import { moveProjectClock, readProjectClock, resetProjectClock } from '../../services/local-clock';

const why = 'Testing time without waiting (LOCAL_CONTROL): the calling project’s clock, which every expiry, window, cooldown and limit of that project follows.';

/**
 * The project clock, registered only with LOCAL_CONTROL=on. The key pair of a project moves that
 * project's time and no other's. `/_local/` is no prefix of the real API (its paths start with
 * /v1, /v2 or /client), so these paths never shadow a real one.
 */
const localClockRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = { auth: 'key' as const, docs: { extension: why } };

  app.get('/_local/clock', { config, schema: { summary: "The project's clock", response: { 200: localClockSchema } } }, async (request) =>
    readProjectClock(app.ctx, request.principal.projectId),
  );

  app.post(
    '/_local/clock',
    {
      config,
      schema: {
        summary: "Move the project's clock forward",
        description:
          'Send `advance_seconds` or `now`. What falls due by the new time happens before the answer: points whose last day is over expire (POINTS_EXPIRATION transactions, as the hourly expiry writes), and files of expired export links are removed. The clock never runs backwards.',
        body: moveLocalClockSchema,
        response: { 200: localClockSchema },
      },
    },
    async (request) => moveProjectClock(app.ctx, request.principal.projectId, request.body),
  );

  app.delete(
    '/_local/clock',
    {
      config,
      schema: { summary: 'Return the project to real time', description: 'What was written meanwhile keeps its timestamps.', response: { 200: localClockSchema } },
    },
    async (request) => resetProjectClock(app.ctx, request.principal.projectId),
  );
};

export default localClockRoutes;
