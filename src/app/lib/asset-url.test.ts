import { describe, expect, it } from 'vitest';
import { assetUrl } from './asset-url';

describe('assetUrl', () => {
  it('loads a service asset through the proxy, keeping path and query', () => {
    expect(assetUrl('http://localhost:3100/v1/assets/qr/abc123')).toBe('/api/v1/assets/qr/abc123');
    expect(assetUrl('http://localhost:3100/v1/assets/barcode/abc?format=svg')).toBe('/api/v1/assets/barcode/abc?format=svg');
  });

  it('sets the size, clamped to 1–100', () => {
    expect(assetUrl('http://localhost:3100/v1/assets/qr/abc?size=5', { size: 32 })).toBe('/api/v1/assets/qr/abc?size=32');
    expect(assetUrl('http://x/v1/assets/qr/abc', { size: 500 })).toBe('/api/v1/assets/qr/abc?size=100');
    expect(assetUrl('http://x/v1/assets/qr/abc', { size: 0 })).toBe('/api/v1/assets/qr/abc?size=1');
  });
});
