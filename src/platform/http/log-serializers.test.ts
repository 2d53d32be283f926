import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { isCredentialName, loggerOptions, redactedLogLine, redactedUrl } from './log-serializers';

/** Every credential parameter a client might put in a query string, as the issue and the API name them. */
const credentialParameters = ['app_token', 'x-app-token', 'X-App-Token', 'client_secret', 'access_token', 'refresh_token', 'token', 'api_key', 'apikey', 'key', 'password', 'secret', 'auth', 'signature', 'session'];

describe('redactedUrl', () => {
  it('hides download tokens wherever they sit in the query', () => {
    expect(redactedUrl('/v1/exports/exp_1?token=s3cr3t')).toBe('/v1/exports/exp_1?token=[redacted]');
    expect(redactedUrl('/v1/exports/exp_1?a=1&token=s3cr3t&b=2')).toBe('/v1/exports/exp_1?a=1&token=[redacted]&b=2');
    expect(redactedUrl('/v1/exports/exp_1?TOKEN=s3cr3t#x')).toBe('/v1/exports/exp_1?TOKEN=[redacted]#x');
  });

  it.each(credentialParameters)('hides the value of %s', (name) => {
    expect(redactedUrl(`/v1/locations?limit=1&${name}=s3cr3t&page=2`)).toBe(`/v1/locations?limit=1&${name}=[redacted]&page=2`);
  });

  it('reads names as the server does: percent-encoded, with brackets, after a semicolon, with = in the value', () => {
    expect(redactedUrl('/v1/locations?app%5Ftoken=s3cr3t')).toBe('/v1/locations?app%5Ftoken=[redacted]');
    expect(redactedUrl('/v1/locations?credentials[app_token]=s3cr3t')).toBe('/v1/locations?credentials[app_token]=[redacted]');
    expect(redactedUrl('/v1/locations?limit=1;client_secret=s3cr3t')).toBe('/v1/locations?limit=1;client_secret=[redacted]');
    expect(redactedUrl('/v1/locations?access_token=a=b=c&limit=2')).toBe('/v1/locations?access_token=[redacted]&limit=2');
    expect(redactedUrl('/v1/locations??token=s3cr3t')).toBe('/v1/locations??token=[redacted]');
  });

  it('keeps everything that is not a credential, and URLs without a query, unchanged', () => {
    for (const url of ['/v1/locations', '/v1/locations?limit=10&page=2', '/v1/publications?customer=cust_1&campaign=camp_1', '/v1/locations?filters[name][conditions][$is]=Shop', '/v1/x?%E0%A4%A=1']) {
      expect(redactedUrl(url)).toBe(url);
    }
    expect(isCredentialName('customer')).toBe(false);
    expect(isCredentialName('app_id')).toBe(false);
  });
});

describe('redactedLogLine', () => {
  it('redacts URLs inside messages and error stacks, and stops at the end of the JSON string', () => {
    const line = JSON.stringify({ msg: 'Route GET:/nothing?app_token=s3cr3t not found', err: { stack: 'Error: /x?client_secret=abc"def\n    at y' }, url: '/v1/x?token=t0k&limit=1' });
    const cleaned = redactedLogLine(line);
    expect(cleaned).not.toMatch(/s3cr3t|abc|def|t0k/);
    expect(JSON.parse(cleaned)).toEqual({ msg: 'Route GET:/nothing?app_token=[redacted] not found', err: { stack: 'Error: /x?client_secret=[redacted]    at y' }, url: '/v1/x?token=[redacted]&limit=1' });
  });

  it('leaves lines without a credential parameter as they are', () => {
    const line = JSON.stringify({ level: 30, msg: 'incoming request', req: { url: '/v1/locations?limit=1' } });
    expect(redactedLogLine(line)).toBe(line);
  });
});

describe('loggerOptions', () => {
  it('keeps secrets in the query string out of every line a Fastify server logs, including its own 404 message', async () => {
    let written = '';
    const stream = new Writable({
      write(chunk, _encoding, done) {
        written += String(chunk);
        done();
      },
    });
    // No routes and no not-found handler of ours: Fastify's default 404 puts the raw URL in its message.
    const app = Fastify({ logger: loggerOptions({ level: 'info', stream }) });
    const secrets = credentialParameters.map((name, i) => [name, `s3cr3t-${i}-value`] as const);
    for (const [name, secret] of secrets) await app.inject({ method: 'GET', url: `/nothing?limit=1&${encodeURIComponent(name)}=${secret}` });
    await app.close();
    expect(written).toContain('not found');
    expect(written).toContain('[redacted]');
    for (const [, secret] of secrets) expect(written).not.toContain(secret);
  });
});
