import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, invalidPayloadAt } from '../lib/api-error';

/** The largest CSV file an import takes: room for 200,000 customers with addresses and metadata. */
export const maxCsvBytes = 64 * 1024 * 1024;

/**
 * In the plugin it is called in: multipart/form-data bodies are accepted, read by `uploadedCsv`
 * (the real API's import operations take the file in the form field `file`; the SDK's
 * `importCSV` calls send it so, with a form-data stream).
 */
export async function acceptCsvUploads(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: { fileSize: maxCsvBytes, files: 1, parts: 20, fields: 10 } });
}

const fileAt = (message: string) => invalidPayloadAt(['file'], message);

/** Whether an error is the multipart reader's refusal of a file over the size limit. */
function isTooLarge(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'FST_REQ_FILE_TOO_LARGE';
}

/**
 * The text of the CSV file in the request's form field `file`, read whole (UTF-8); a request
 * without one, a file over `maxCsvBytes` or not UTF-8 is a 400 naming `file`.
 */
export async function uploadedCsv(request: FastifyRequest): Promise<string> {
  if (!request.isMultipart()) throw fileAt('is required: send the CSV file as multipart/form-data in the form field "file"');
  try {
    const part = await request.file();
    if (!part) throw fileAt('is required: the form has no file');
    if (part.fieldname !== 'file') throw fileAt(`is required: the file was sent in the form field "${part.fieldname}"`);
    const bytes = await part.toBuffer();
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (error instanceof TypeError) throw fileAt('is not UTF-8 text');
    if (isTooLarge(error)) throw fileAt(`is larger than ${maxCsvBytes / 1024 / 1024} MB`);
    // Anything else the reader throws is about the body the client sent (a broken form, a part
    // limit, a stream cut short): nothing of ours has run yet.
    throw fileAt(`could not be read: the multipart/form-data body is malformed (${error instanceof Error ? error.message : String(error)})`);
  }
}
