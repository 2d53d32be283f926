import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { limitQuery, pageQuery } from '../../../contract/common';
import { createProductRequestSchema } from '../../../contract/product';
import { createProduct, getProduct, listProducts } from '../../services/products';

const listQuery = z.object({
  limit: limitQuery,
  page: pageQuery,
  order: z.enum(['created_at', '-created_at', 'updated_at', '-updated_at']).default('-created_at'),
});

/** Products, as far as rewards need them: create (upsert), get by id or source id, list. */
const productRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/v1/products', { schema: { body: createProductRequestSchema } }, async (request) => createProduct(app.ctx, request.principal.projectId, request.body));
  app.get('/v1/products', { schema: { querystring: listQuery } }, async (request) => listProducts(app.ctx, request.principal.projectId, request.query));
  app.get('/v1/products/:productId', { schema: { params: z.object({ productId: z.string().min(1) }) } }, async (request) =>
    getProduct(app.ctx, request.principal.projectId, request.params.productId),
  );
};

export default productRoutes;
