import bwipjs from 'bwip-js/node';
import QRCode from 'qrcode';
import { openAssetId } from '../lib/asset-id';
import { notFound } from '../lib/api-error';
import type { ServiceContext } from '../context';

export type ImageFormat = 'png' | 'svg';

/**
 * QR code or Code 128 barcode of the card sealed in `assetId`. `size` (1–100) scales the image:
 * a QR code is size × 10 px wide; a barcode's bars are ceil(size / 10) px wide.
 */
export async function renderCardImage(ctx: ServiceContext, kind: 'qr' | 'barcode', assetId: string, size: number, format: ImageFormat): Promise<{ body: Buffer | string; contentType: string }> {
  const sealed = openAssetId(ctx.assetKey, assetId);
  if (!sealed) throw notFound('asset', assetId);
  const contentType = format === 'svg' ? 'image/svg+xml' : 'image/png';
  if (kind === 'qr') {
    const width = size * 10;
    const body = format === 'svg' ? await QRCode.toString(sealed.code, { type: 'svg', width, margin: 2 }) : await QRCode.toBuffer(sealed.code, { type: 'png', width, margin: 2 });
    return { body, contentType };
  }
  const options = { bcid: 'code128', text: sealed.code, scale: Math.max(1, Math.ceil(size / 10)), height: 12, includetext: true, textxalign: 'center' as const };
  const body = format === 'svg' ? bwipjs.toSVG(options) : await bwipjs.toBuffer(options);
  return { body, contentType };
}
