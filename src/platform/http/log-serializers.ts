import type { FastifyRequest } from 'fastify';

/** The URL as logged: export download tokens travel in the query string and must not reach logs. */
export function redactedUrl(url: string): string {
  return url.replace(/([?&]token=)[^&#]*/gi, '$1[redacted]');
}

/** Fastify's request log fields, with the URL redacted. */
export const logSerializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: redactedUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }),
};

/**
 * Fields pino blanks wherever a log call puts them: credentials never reach a log line even when
 * someone logs a whole request or body (the serializer above already leaves headers out).
 */
export const logRedactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-app-token"]',
  'req.headers["x-csrf-token"]',
  'req.headers["x-dashboard-user"]',
  'res.headers["set-cookie"]',
  'password',
  '*.password',
  'access_token',
  '*.access_token',
  'appToken',
  '*.appToken',
];

export interface LoggerSettings {
  level: string;
  /** Where lines go instead of stdout (LOG_FILE). */
  stream?: NodeJS.WritableStream;
}

/** The Fastify logger options of the service and the proxy: URL redaction, credential redaction. */
export function loggerOptions(settings: LoggerSettings) {
  return { ...settings, serializers: logSerializers, redact: { paths: logRedactPaths, censor: '[redacted]' } };
}
