import { apiBase } from './api-client';

export interface AssetOptions {
  /** 1–100; a QR code is size × 10 px wide, a barcode's bars ceil(size / 10) px wide. */
  size?: number;
  format?: 'png' | 'svg';
}

/**
 * The same-origin address of a card image. The service returns absolute URLs on itself
 * (`http://localhost:3100/v1/assets/qr/…`); the browser loads them through the proxy as
 * `/api/v1/assets/qr/…`, keeping the path and query and dropping the origin.
 */
export function assetUrl(url: string, options: AssetOptions = {}): string {
  const parsed = new URL(url, 'http://service.invalid');
  if (options.size !== undefined) parsed.searchParams.set('size', String(Math.min(100, Math.max(1, Math.round(options.size)))));
  if (options.format !== undefined) parsed.searchParams.set('format', options.format);
  return `${apiBase}${parsed.pathname}${parsed.search}`;
}
