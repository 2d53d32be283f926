import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ErrorObject } from '../../contract/error';

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (headers or URL over 16 KiB, broken
 * framing, a client too slow): still the error object, written straight to the socket.
 */
export function clientErrorResponse(error: Error & { code?: string }, socket: Duplex, requestId: string): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [code, key, message, details] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'request_header_fields_too_large', 'Request Header Fields Too Large', 'The URL and headers may take up to 16 KiB']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'request_timeout', 'Request Timeout', 'The request did not arrive in time']
        : [400, 'bad_request', 'Bad Request', 'The request is not valid HTTP'];
  const body = JSON.stringify({ code, key, message, details, request_id: requestId } satisfies ErrorObject);
  if (socket.writable) {
    socket.write(`HTTP/1.1 ${code} ${STATUS_CODES[code]}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nX-Request-Id: ${requestId}\r\nConnection: close\r\n\r\n${body}`);
  }
  socket.destroy(error);
}
