import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createCustomerRequestSchema, customerListQuerySchema, customerListSchema, customerSchema, permanentDeletionSchema, updateCustomerRequestSchema } from '../../../contract/customer';
import { errorObjectSchema } from '../../../contract/error';
import { acceptEmptyJsonBodies } from '../../http/empty-json-body';
import { noContent } from '../../http/openapi/responses';
import { customerActivityListSchema, customerActivityQuerySchema } from '../../../contract/customer-activity';
import { customerRedeemableListQuerySchema, customerRedeemableListSchema } from '../../../contract/customer-redeemables';
import { parseDeepObjectQuery } from '../../http/deep-object-query';
import { customersBulkUpdateRequestSchema, customersMetadataUpdateRequestSchema } from '../../../contract/customer-bulk';
import { asyncActionCreatedSchema } from '../../../contract/order-import';
import { listCustomerActivity } from '../../services/customer-activity-reads';
import { listCustomerRedeemables } from '../../services/customer-redeemables';
import { deleteCustomer, deleteCustomerPermanently } from '../../services/customer-deletion';
import { updateCustomersInBulk, updateCustomersMetadataInBulk } from '../../services/customers-in-bulk';
import { createCustomer, getCustomer, listCustomers, updateCustomer } from '../../services/customers';

const customerParams = z.object({ customerId: z.string().min(1).max(200) });
const notFound = errorObjectSchema.describe('No customer with that id or source id (`not_found`).');
/** The contract's 10 MB per bulk request. */
const bulkBodyLimit = 10 * 1024 * 1024;

/** Customers as the real API has them: list with every documented filter, create (upsert), get, update, delete (and for good). */
const customerRoutes: FastifyPluginAsyncZod = async (app) => {
  // The SDK's DELETE and permanent-deletion calls say JSON and send nothing.
  acceptEmptyJsonBodies(app);
  app.get('/v1/customers', {
      schema: {
        summary: 'List Customers',
        querystring: customerListQuerySchema,
        response: { 200: customerListSchema, 404: errorObjectSchema.describe('No segment with that `segment_id` (`not_found`).') },
      },
    }, async (request) =>
    listCustomers(app.ctx, request.principal.projectId, request.query),
  );

  app.post('/v1/customers', {
      schema: {
        summary: 'Create Customer',
        body: createCustomerRequestSchema,
        response: { 200: customerSchema, 404: errorObjectSchema.describe('No customer with that `id` (`not_found`): ids are the service’s to make.') },
      },
    }, async (request) =>
    createCustomer(app.ctx, request.principal.projectId, request.body),
  );

  app.get('/v1/customers/:customerId', { schema: { summary: 'Get Customer', params: customerParams, response: { 200: customerSchema, 404: notFound } } }, async (request) =>
    getCustomer(app.ctx, request.principal.projectId, request.params.customerId),
  );

  app.put('/v1/customers/:customerId', {
      schema: {
        summary: 'Update Customer',
        params: customerParams,
        body: updateCustomerRequestSchema,
        response: { 200: customerSchema, 404: notFound, 409: errorObjectSchema.describe('The new `source_id` belongs to another customer (`duplicate_found`).') },
      },
    }, async (request) =>
    updateCustomer(app.ctx, request.principal.projectId, request.params.customerId, request.body),
  );

  // 202: accepted, carried out by a job; poll GET /v1/async-actions/{id}.
  app.post('/v1/customers/bulk/async', { bodyLimit: bulkBodyLimit, schema: { summary: 'Update Customers in Bulk', body: customersBulkUpdateRequestSchema, response: { 202: asyncActionCreatedSchema } } }, async (request, reply) =>
    reply.status(202).send(await updateCustomersInBulk(app.ctx, request.principal.projectId, request.body, request.id)),
  );
  app.post('/v1/customers/metadata/async', { bodyLimit: bulkBodyLimit, schema: { summary: "Update Customers' Metadata in Bulk", body: customersMetadataUpdateRequestSchema, response: { 202: asyncActionCreatedSchema } } }, async (request, reply) =>
    reply.status(202).send(await updateCustomersMetadataInBulk(app.ctx, request.principal.projectId, request.body, request.id)),
  );

  app.get('/v1/customers/:customerId/activity', {
      schema: { summary: 'List Customer Activity', params: customerParams, querystring: customerActivityQuerySchema, response: { 200: customerActivityListSchema, 404: notFound } },
    }, async (request) =>
    listCustomerActivity(app.ctx, request.principal.projectId, request.params.customerId, request.query),
  );

  app.get('/v1/customers/:customerId/redeemables', {
      // `filters` is a deepObject (`filters[holder_role][conditions][$in][0]=OWNER`).
      preValidation: parseDeepObjectQuery,
      schema: { summary: "List Customer's Redeemables", params: customerParams, querystring: customerRedeemableListQuerySchema, response: { 200: customerRedeemableListSchema, 404: notFound } },
    }, async (request) =>
    listCustomerRedeemables(app.ctx, request.principal.projectId, request.params.customerId, request.query),
  );

  app.delete('/v1/customers/:customerId', {
      schema: {
        summary: 'Delete Customer',
        description: 'The customer leaves every read of customers and every segment; the source id is free again. Their cards keep their balance and history.',
        params: customerParams,
        response: { 204: noContent, 404: notFound },
      },
    }, async (request, reply) => {
    await deleteCustomer(app.ctx, request.principal.projectId, request.params.customerId);
    return reply.status(204).send();
  });

  app.post('/v1/customers/:customerId/permanent-deletion', {
      schema: {
        summary: 'Delete Customer Permanently',
        description: 'Deleted as by Delete Customer, and every value the customer gave erased wherever a copy is kept (README, "Deleting customers").',
        params: customerParams,
        response: { 200: permanentDeletionSchema, 404: notFound },
      },
    }, async (request) => {
    // Its path names the person it erases: kept out of the request log, whatever it answers.
    request.keptOutOfRequestLog = true;
    return deleteCustomerPermanently(app.ctx, request.principal.projectId, request.params.customerId);
  });
};

export default customerRoutes;
