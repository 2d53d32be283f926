import type { Readable } from 'node:stream';
import { z } from 'zod';

/** A 204: the operation answers no body. */
export const noContent = z.undefined().describe('No Content: the operation succeeded and answers no body.');

/** The body of a file response: bytes, documented as a string of the media type. */
const fileBytes = z.custom<Buffer | string | Readable>(() => true).meta({ type: 'string', format: 'binary' });

/** A response that is a file (an image, a CSV), in any of `mediaTypes`. */
export function fileResponse(description: string, mediaTypes: string[]) {
  return { description, content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: fileBytes }])) };
}
