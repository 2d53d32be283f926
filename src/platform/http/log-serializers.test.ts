import { describe, expect, it } from 'vitest';
import { redactedUrl } from './log-serializers';

describe('redactedUrl', () => {
  it('hides download tokens wherever they sit in the query, and nothing else', () => {
    expect(redactedUrl('/v1/exports/exp_1?token=s3cr3t')).toBe('/v1/exports/exp_1?token=[redacted]');
    expect(redactedUrl('/v1/exports/exp_1?a=1&token=s3cr3t&b=2')).toBe('/v1/exports/exp_1?a=1&token=[redacted]&b=2');
    expect(redactedUrl('/v1/exports/exp_1?TOKEN=s3cr3t#x')).toBe('/v1/exports/exp_1?TOKEN=[redacted]#x');
    expect(redactedUrl('/v1/exports?mytoken=1&limit=10')).toBe('/v1/exports?mytoken=1&limit=10');
  });
});
