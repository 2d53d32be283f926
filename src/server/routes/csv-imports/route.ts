import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorObjectSchema } from '../../../contract/error';
import { asyncActionCreatedSchema } from '../../../contract/order-import';
import { acceptCsvUploads, uploadedCsv } from '../../http/csv-upload';
import { importCustomersCsv, importProductsCsv, importSkusCsv } from '../../services/import-csv';

const consumes = ['multipart/form-data'];
const badFile = errorObjectSchema.describe('No file in the form field `file`, or a file or row that cannot be imported (`invalid_payload`, naming `file`, the line and the column). Nothing is recorded.');
/** The form as the contract has it (ImportCSVRequestBody): the CSV file in the field `file`. */
const config = {
  docs: {
    formBody: {
      type: 'object',
      required: ['file'],
      properties: { file: { type: 'string', format: 'binary', description: 'The CSV file: a header line with the contract\'s column names, then one row per record.' } },
    },
  },
};
const created = asyncActionCreatedSchema.describe('The async action to poll with Get Async Action.');

/**
 * The CSV imports (multipart/form-data, the file in the form field `file`): each an async action.
 * Customers answer 202, products and SKUs 200, as the contract has them.
 */
const csvImportRoutes: FastifyPluginAsyncZod = async (app) => {
  await acceptCsvUploads(app);
  const project = (request: { principal: { projectId: string } }) => request.principal.projectId;

  app.post('/v1/customers/importCSV', { config, schema: { summary: 'Import and Update Customers using CSV', consumes, response: { 202: created, 400: badFile } } }, async (request, reply) =>
    reply.status(202).send(await importCustomersCsv(app.ctx, project(request), await uploadedCsv(request), request.id)),
  );
  app.post('/v1/products/importCSV', { config, schema: { summary: 'Import Products using CSV', consumes, response: { 200: created, 400: badFile } } }, async (request) =>
    importProductsCsv(app.ctx, project(request), await uploadedCsv(request), request.id),
  );
  app.post('/v1/skus/importCSV', { config, schema: { summary: 'Import SKUs using CSV', consumes, response: { 200: created, 400: badFile } } }, async (request) =>
    importSkusCsv(app.ctx, project(request), await uploadedCsv(request), request.id),
  );
};

export default csvImportRoutes;
