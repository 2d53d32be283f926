import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorObjectSchema } from '../../../contract/error';
import { createOrderRequestSchema, orderListQuerySchema, orderListSchema, orderObjectSchema, updateOrderRequestSchema } from '../../../contract/order';
import { asyncActionCreatedSchema, importOrdersRequestSchema } from '../../../contract/order-import';
import { importOrders } from '../../services/import-orders';
import { exportObjectSchema } from '../../../contract/export';
import { createOrdersExportSchema } from '../../../contract/order-export';
import { acceptEmptyJsonBodies } from '../../http/empty-json-body';
import { createOrdersExport } from '../../services/create-export';
import { createOrder, getOrder, listOrders, updateOrder } from '../../services/orders';

const orderParams = z.object({ orderId: z.string().min(1).max(200) });
const notFound = errorObjectSchema.describe('The order, its customer or referrer, or a product an item names by id is not in the project (`not_found`).');
/** 2,000 orders (the real API's limit per import) of 4 KiB each on average; other requests stay within 2 MiB. */
const importBodyLimit = 8 * 1024 * 1024;

/** In a scope of its own: an empty body (or none) means "no parameters" here, as for the other exports. */
const orderExportRoute: FastifyPluginAsyncZod = async (app) => {
  acceptEmptyJsonBodies(app);
  app.post(
    '/v1/orders/export',
    { schema: { summary: 'Create Orders Export', body: createOrdersExportSchema.nullish(), response: { 200: exportObjectSchema } } },
    async (request) => createOrdersExport(app.ctx, request.principal.projectId, request.body, request.dashboardUser),
  );
};

/** Orders: create (upsert by id or source_id; PAID earns once), get, update, list, import, export. */
const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/v1/orders', { schema: { summary: 'Create Order', body: createOrderRequestSchema, response: { 200: orderObjectSchema, 404: notFound, 409: errorObjectSchema.describe('The `source_id` belongs to another order (`duplicate_found`).') } } }, async (request) =>
    (await createOrder(app.ctx, request.principal.projectId, request.body)).order,
  );
  app.post(
    '/v1/orders/import',
    { bodyLimit: importBodyLimit, schema: { summary: 'Import Orders', body: importOrdersRequestSchema, response: { 200: asyncActionCreatedSchema } } },
    async (request) => importOrders(app.ctx, request.principal.projectId, request.body, request.id),
  );
  await app.register(orderExportRoute);
  app.get('/v1/orders', { schema: { summary: 'List Orders', querystring: orderListQuerySchema, response: { 200: orderListSchema } } }, async (request) => listOrders(app.ctx, request.principal.projectId, request.query));
  app.get('/v1/orders/:orderId', { schema: { summary: 'Get Order', params: orderParams, response: { 200: orderObjectSchema, 404: notFound } } }, async (request) => getOrder(app.ctx, request.principal.projectId, request.params.orderId));
  app.put('/v1/orders/:orderId', { schema: { summary: 'Update Order', params: orderParams, body: updateOrderRequestSchema, response: { 200: orderObjectSchema, 404: notFound } } }, async (request) =>
    (await updateOrder(app.ctx, request.principal.projectId, request.params.orderId, request.body)).order,
  );
};

export default orderRoutes;
