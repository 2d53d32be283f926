import type { FastifySerializerCompiler } from 'fastify';

/**
 * Response schemas on routes document what an operation answers (/openapi.json); they do not
 * reshape the answer. zod's serializer would strip every field the schema does not name and turn
 * a mismatch into a 500, so responses are plain JSON, as they were before routes declared them.
 * Tests check real responses against the document instead (src/server/http/openapi/*.test.ts).
 */
export const documentingSerializerCompiler: FastifySerializerCompiler<unknown> = () => (data) => JSON.stringify(data);
