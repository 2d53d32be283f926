import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileResponse } from '../../http/openapi/responses';
import { renderCardImage } from '../../services/card-images';

const imageQuery = z.object({
  size: z.coerce.number().int().min(1).max(100).default(20),
  format: z.enum(['png', 'svg']).default('png'),
});

/** Card images: public like the real API's asset host, since the id is sealed and unguessable. */
const assetRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/assets/:kind/:assetId',
    {
      config: { auth: 'public', docs: { extension: "Serves the card images that `assets.*.url` points to (the cloud serves them from its asset host)." } },
      schema: {
        summary: 'Card image (QR code or barcode)',
        params: z.object({ kind: z.enum(['qr', 'barcode']), assetId: z.string().min(1) }),
        querystring: imageQuery,
        response: { 200: fileResponse('The image, in the requested format.', ['image/png', 'image/svg+xml']) },
      },
    },
    async (request, reply) => {
      const image = await renderCardImage(app.ctx, request.params.kind, request.params.assetId, request.query.size, request.query.format);
      return reply.header('Content-Type', image.contentType).header('Cache-Control', 'public, max-age=86400').send(image.body);
    },
  );
};

export default assetRoutes;
