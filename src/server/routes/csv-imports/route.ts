import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorObjectSchema } from '../../../contract/error';
import { asyncActionCreatedSchema } from '../../../contract/order-import';
import { acceptCsvUploads, uploadedCsv } from '../../http/csv-upload';
import { importCustomersCsv, importProductsCsv, importSkusCsv } from '../../services/import-csv';

const consumes = ['multipart/form-data'];
const badFile = errorObjectSchema.describe('No file in the form field `file`, or a file or row that cannot be imported (`invalid_payload`, naming `file`, the line and the column). Nothing is recorded.');
const created = asyncActionCreatedSchema.describe('The async action to poll with Get Async Action.');

/**
 * The CSV imports (multipart/form-data, the file in the form field `file`): each an async action.
 * Customers answer 202, products and SKUs 200, as the contract has them.
 */
const csvImportRoutes: FastifyPluginAsyncZod = async (app) => {
  await acceptCsvUploads(app);
  const project = (request: { principal: { projectId: string } }) => request.principal.projectId;

  app.post('/v1/customers/importCSV', { schema: { summary: 'Import and Update Customers using CSV', consumes, response: { 202: created, 400: badFile } } }, async (request, reply) =>
    reply.status(202).send(await importCustomersCsv(app.ctx, project(request), await uploadedCsv(request), request.id)),
  );
  app.post('/v1/products/importCSV', { schema: { summary: 'Import Products using CSV', consumes, response: { 200: created, 400: badFile } } }, async (request) =>
    importProductsCsv(app.ctx, project(request), await uploadedCsv(request), request.id),
  );
  app.post('/v1/skus/importCSV', { schema: { summary: 'Import SKUs using CSV', consumes, response: { 200: created, 400: badFile } } }, async (request) =>
    importSkusCsv(app.ctx, project(request), await uploadedCsv(request), request.id),
  );
};

export default csvImportRoutes;
