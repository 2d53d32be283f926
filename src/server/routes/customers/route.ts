import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createCustomerRequestSchema, customerListQuerySchema, customerListSchema, customerSchema, updateCustomerRequestSchema } from '../../../contract/customer';
import { errorObjectSchema } from '../../../contract/error';
import { createCustomer, getCustomer, listCustomers, updateCustomer } from '../../services/customers';

const customerParams = z.object({ customerId: z.string().min(1).max(200) });
const notFound = errorObjectSchema.describe('No customer with that id or source id (`not_found`).');

/** Customers as the real API has them: list with every documented filter, create (upsert), get, update. */
const customerRoutes: FastifyPluginAsyncZod = async (app) => {
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
};

export default customerRoutes;
