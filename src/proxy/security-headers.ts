import type { FastifyInstance } from 'fastify';

/**
 * The Content-Security-Policy of the dashboard. Scripts only from our origin (the built index.html
 * has no inline script; Vite's module preload is a <link>). Styles allow 'unsafe-inline' because
 * MUI's emotion injects <style> elements at run time and Leaflet positions tiles and shapes with
 * style attributes; a nonce cannot cover style attributes, and inline styles cannot run code.
 * Images: our origin (card images come through /api), data: and blob: (Leaflet, MUI icons), plus the
 * map tile host when one is configured.
 */
export function contentSecurityPolicy(tileUrl: string | undefined): string {
  const tileOrigin = tileOrigins(tileUrl);
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${tileOrigin ? ` ${tileOrigin}` : ''}`,
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The origin of a tile URL template; `{s}` subdomains become a wildcard. */
function tileOrigins(tileUrl: string | undefined): string | undefined {
  if (!tileUrl) return undefined;
  try {
    const url = new URL(tileUrl.replace('{s}', 'subdomain-placeholder').replace(/\{[a-z]+\}/gi, '0'));
    return `${url.protocol}//${url.host.replace('subdomain-placeholder', '*')}`;
  } catch {
    return undefined;
  }
}

/** On every response of the proxy: the SPA, its assets, and the API answers. */
export function installSecurityHeaders(app: FastifyInstance, tileUrl: string | undefined): void {
  const headers = {
    'content-security-policy': contentSecurityPolicy(tileUrl),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    // Tile servers (OpenStreetMap's policy among them) want a Referer; send only our origin.
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cross-origin-opener-policy': 'same-origin',
  };
  app.addHook('onSend', async (_request, reply, payload) => {
    void reply.headers(headers);
    return payload;
  });
}
