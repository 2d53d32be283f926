import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { projectRestoreSchema, projectSnapshotSchema, snapshotDocumentSchema } from '../../../contract/local-snapshot';
import { restoreSnapshot, takeSnapshot } from '../../services/project-snapshot';

const why = 'Saving and loading a project whole for test suites (LOCAL_CONTROL): the snapshot is a fixture, so `npm run seed` and SEED_FILE load it too.';

/** A snapshot of a large project is large: 20,000 customers with cards and history are ~30 MB. */
const snapshotBodyLimit = 256 * 1024 * 1024;

/** Registered only with LOCAL_CONTROL=on, like the clock and reset: a project's key pair reads or replaces that project and no other. */
const localSnapshotRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = { auth: 'key' as const, docs: { extension: why } };
  app.get(
    '/_local/snapshot',
    {
      config,
      schema: {
        summary: 'Snapshot the project',
        description:
          "The calling project's whole state as a fixture document: programs, earning rules, customers, cards with their ledger and point buckets, pending points, rewards and their assignments, segments, locations, products and SKUs, orders, redemptions, loyalty tiers and members' tier state, webhook endpoints (without their signing secrets) and the project clock, each table's rows as stored, read at one moment. Key pairs are listed by id and name, never a secret.",
        response: { 200: projectSnapshotSchema },
      },
    },
    async (request) => takeSnapshot(app.ctx, request.principal.projectId),
  );
  app.post(
    '/_local/snapshot',
    {
      config,
      bodyLimit: snapshotBodyLimit,
      schema: {
        summary: 'Restore a snapshot into the project',
        description:
          "Replaces the calling project's state with the document's in one transaction; other projects keep serving. A reset goes back to it afterwards. API keys, tokens and the request log stay. A document that is not the fixture format, references ids it does not hold or takes another project's ids is refused whole, with the place named, and nothing changes.",
        body: snapshotDocumentSchema,
        response: { 200: projectRestoreSchema },
      },
    },
    async (request) => restoreSnapshot(app.ctx, request.principal.projectId, request.body),
  );
};

export default localSnapshotRoutes;
