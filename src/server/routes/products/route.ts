import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorObjectSchema } from '../../../contract/error';
import { createProductRequestSchema, productListQuerySchema, productListSchema, productSchema, updateProductRequestSchema } from '../../../contract/product';
import { createSkuRequestSchema, deleteQuerySchema, skuListQuerySchema, skuListSchema, skuSchema, updateSkuRequestSchema } from '../../../contract/sku';
import { acceptEmptyJsonBodies } from '../../http/empty-json-body';
import { noContent } from '../../http/openapi/responses';
import { asyncActionCreatedSchema } from '../../../contract/order-import';
import { productsBulkUpdateRequestSchema, productsMetadataUpdateRequestSchema } from '../../../contract/product-bulk';
import { updateProductsInBulk, updateProductsMetadataInBulk } from '../../services/products-in-bulk';
import { createProduct, deleteProduct, getProduct, listProducts, updateProduct } from '../../services/products';
import { createSku, deleteSku, getSku, listSkus, updateSku } from '../../services/skus';

const productParams = z.object({ productId: z.string().min(1).max(200) });
const skuParams = z.object({ productId: z.string().min(1).max(200), skuId: z.string().min(1).max(200) });
const productNotFound = errorObjectSchema.describe('No product with that id or source id (`not_found`).');
const skuNotFound = errorObjectSchema.describe('No such product, or no SKU of it with that id or source id (`not_found`).');
const skuDuplicate = errorObjectSchema.describe('The `source_id` belongs to a SKU of another product (`duplicate_found`).');

/** The product catalog: products (create is an upsert; get by id or source id) and their SKUs. */
const productRoutes: FastifyPluginAsyncZod = async (app) => {
  // The SDK's DELETE calls say JSON and send nothing.
  acceptEmptyJsonBodies(app);
  const project = (request: { principal: { projectId: string } }) => request.principal.projectId;

  app.post('/v1/products', { schema: { summary: 'Create Product', body: createProductRequestSchema, response: { 200: productSchema, 404: errorObjectSchema.describe('An `id` was given and no product of the project has it (`not_found`).'), 409: errorObjectSchema.describe('The `source_id` belongs to another product of the project (`duplicate_found`).') } } }, async (request) => createProduct(app.ctx, project(request), request.body));
  app.get('/v1/products', { schema: { summary: 'List Products', querystring: productListQuerySchema, response: { 200: productListSchema } } }, async (request) => listProducts(app.ctx, project(request), request.query));
  // 202: accepted, carried out by a job; poll GET /v1/async-actions/{id}. The contract's 10 MB per request.
  app.post('/v1/products/bulk/async', { bodyLimit: 10 * 1024 * 1024, schema: { summary: 'Update Products in Bulk', body: productsBulkUpdateRequestSchema, response: { 202: asyncActionCreatedSchema } } }, async (request, reply) =>
    reply.status(202).send(await updateProductsInBulk(app.ctx, project(request), request.body, request.id)),
  );
  app.post('/v1/products/metadata/async', { bodyLimit: 10 * 1024 * 1024, schema: { summary: "Update Products' Metadata in Bulk", body: productsMetadataUpdateRequestSchema, response: { 202: asyncActionCreatedSchema } } }, async (request, reply) =>
    reply.status(202).send(await updateProductsMetadataInBulk(app.ctx, project(request), request.body, request.id)),
  );
  app.get('/v1/products/:productId', { schema: { summary: 'Get Product', params: productParams, response: { 200: productSchema, 404: productNotFound } } }, async (request) => getProduct(app.ctx, project(request), request.params.productId));
  app.put('/v1/products/:productId', { schema: { summary: 'Update Product', params: productParams, body: updateProductRequestSchema, response: { 200: productSchema, 404: productNotFound } } }, async (request) =>
    updateProduct(app.ctx, project(request), request.params.productId, request.body),
  );
  app.delete('/v1/products/:productId', {
      schema: {
        summary: 'Delete Product',
        description: 'Deletes the product and its SKUs. There is no bin here: `force` is accepted and either value removes them for good.',
        params: productParams,
        querystring: deleteQuerySchema,
        response: { 204: noContent, 400: errorObjectSchema.describe('A reward gives the product (`resource_in_use`).'), 404: productNotFound },
      },
    }, async (request, reply) => {
    await deleteProduct(app.ctx, project(request), request.params.productId);
    return reply.status(204).send();
  });

  app.get('/v1/products/:productId/skus', { schema: { summary: 'List SKUs in Product', params: productParams, querystring: skuListQuerySchema, response: { 200: skuListSchema, 404: productNotFound } } }, async (request) =>
    listSkus(app.ctx, project(request), request.params.productId, request.query),
  );
  app.post('/v1/products/:productId/skus', { schema: { summary: 'Create SKU', params: productParams, body: createSkuRequestSchema, response: { 200: skuSchema, 404: skuNotFound, 409: skuDuplicate } } }, async (request) =>
    createSku(app.ctx, project(request), request.params.productId, request.body),
  );
  app.put('/v1/products/:productId/skus/:skuId', { schema: { summary: 'Update SKU', params: skuParams, body: updateSkuRequestSchema, response: { 200: skuSchema, 404: skuNotFound } } }, async (request) =>
    updateSku(app.ctx, project(request), request.params.productId, request.params.skuId, request.body),
  );
  app.delete('/v1/products/:productId/skus/:skuId', {
      schema: { summary: 'Delete SKU', description: 'There is no bin here: `force` is accepted and either value removes the SKU for good.', params: skuParams, querystring: deleteQuerySchema, response: { 204: noContent, 404: skuNotFound } },
    }, async (request, reply) => {
    await deleteSku(app.ctx, project(request), request.params.productId, request.params.skuId);
    return reply.status(204).send();
  });
  app.get('/v1/skus/:skuId', { schema: { summary: 'Get SKU', params: z.object({ skuId: z.string().min(1).max(200) }), response: { 200: skuSchema, 404: skuNotFound } } }, async (request) => getSku(app.ctx, project(request), request.params.skuId));
};

export default productRoutes;
