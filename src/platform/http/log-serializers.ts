import type { FastifyRequest } from 'fastify';

/**
 * Query parameter names whose value is a credential: the key pair and OAuth fields (`app_token`,
 * `client_secret`, `access_token`), export download tokens (`token`), and the names other clients
 * use for keys, secrets, passwords, signatures and sessions. Matched anywhere in the decoded name,
 * so `x-app-token`, `refresh_token` or `credentials[app_token]` are caught too; a harmless parameter
 * that happens to match only loses its value in the log.
 */
const credentialName = /token|secret|passw|pwd|passphrase|api[-_]?key|access[-_]?key|private[-_]?key|^key$|auth|credential|signature|^sig$|session|csrf|cookie|jwt|bearer/i;

/** The parameter name as the server reads it: `+` is a space, `%5F` an underscore. */
function decodedName(name: string): string {
  if (!name.includes('%') && !name.includes('+')) return name;
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}

export function isCredentialName(name: string): boolean {
  return credentialName.test(decodedName(name));
}

const redacted = '[redacted]';

/** The URL as logged: the value of every credential-like query parameter is replaced. */
export function redactedUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const hash = url.indexOf('#', queryStart);
  const queryEnd = hash === -1 ? url.length : hash;
  // `;` separates parameters for some servers and proxies; treating it as one can only hide more.
  const query = url.slice(queryStart + 1, queryEnd).replace(/([^&;=]+)=[^&;]*/g, (pair, name: string) => (isCredentialName(name) ? `${name}=${redacted}` : pair));
  return `${url.slice(0, queryStart + 1)}${query}${url.slice(queryEnd)}`;
}

/**
 * A query parameter inside a serialized JSON log line: a value runs to the next separator, quote or
 * space, and a JSON escape (`\"`, `\\`, `\n`) is part of it, so an escaped quote cannot end it early.
 */
const parameterInLine = /([?&;])([^=&;#?\s"\\]+)=((?:\\.|[^&;#"\s\\])*)/g;

/**
 * The last word on every log line, whatever wrote it: a URL inside a message or an error (Fastify's
 * "Route … not found", a stack trace) gets the same redaction as the request's own URL field.
 */
export function redactedLogLine(line: string): string {
  if (!line.includes('=')) return line;
  return line.replace(parameterInLine, (match, separator: string, name: string) => (isCredentialName(name) ? `${separator}${name}=${redacted}` : match));
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
  'app_token',
  '*.app_token',
  'client_secret',
  '*.client_secret',
  'token',
  '*.token',
];

export interface LoggerSettings {
  level: string;
  /** Where lines go instead of stdout (LOG_FILE). */
  stream?: NodeJS.WritableStream;
}

/** The Fastify logger options of the service and the proxy: URL redaction, credential redaction. */
export function loggerOptions(settings: LoggerSettings) {
  return {
    ...settings,
    serializers: logSerializers,
    redact: { paths: logRedactPaths, censor: redacted },
    hooks: { streamWrite: redactedLogLine },
  };
}
