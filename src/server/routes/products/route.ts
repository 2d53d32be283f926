import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorObjectSchema } from '../../../contract/error';
import { createProductRequestSchema, productListQuerySchema, productListSchema, productSchema } from '../../../contract/product';
import { createProduct, getProduct, listProducts } from '../../services/products';


/** Products, as far as rewards need them: create (upsert), get by id or source id, list. */
const productRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/v1/products', { schema: { summary: 'Create Product', body: createProductRequestSchema, response: { 200: productSchema, 404: errorObjectSchema.describe('An `id` was given and no product of the project has it (`not_found`).'), 409: errorObjectSchema.describe('The `source_id` belongs to another product of the project (`duplicate_found`).') } } }, async (request) => createProduct(app.ctx, request.principal.projectId, request.body));
  app.get('/v1/products', { schema: { summary: 'List Products', querystring: productListQuerySchema, response: { 200: productListSchema } } }, async (request) => listProducts(app.ctx, request.principal.projectId, request.query));
  app.get('/v1/products/:productId', { schema: { summary: 'Get Product', params: z.object({ productId: z.string().min(1) }), response: { 200: productSchema } } }, async (request) =>
    getProduct(app.ctx, request.principal.projectId, request.params.productId),
  );
};

export default productRoutes;
