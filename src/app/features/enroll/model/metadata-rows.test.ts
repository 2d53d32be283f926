import { describe, expect, it } from 'vitest';
import { metadataRowsSchema, parseMetadataValue, rowsToMetadata } from './metadata-rows';

describe('parseMetadataValue', () => {
  it.each([
    ['true', true],
    ['false', false],
    ['42', 42],
    ['-3', -3],
    ['12.5', 12.5],
    ['0', 0],
    ['"42"', '42'],
    ['"true"', 'true'],
    ['007', '007'],
    ['+31 6 1234', '+31 6 1234'],
    ['1e3', '1e3'],
    ['12345678901234567890', '12345678901234567890'],
    ['gold', 'gold'],
    ['', ''],
    ['True', 'True'],
  ])('%j → %j', (text, value) => {
    expect(parseMetadataValue(text)).toEqual(value);
  });
});

describe('rowsToMetadata', () => {
  it('skips rows without a key and trims keys', () => {
    expect(
      rowsToMetadata([
        { key: ' tier ', value: 'gold' },
        { key: '', value: '' },
        { key: 'visits', value: '3' },
      ]),
    ).toEqual({ tier: 'gold', visits: 3 });
    expect(rowsToMetadata([{ key: '', value: '' }])).toBeUndefined();
  });
});

describe('metadataRowsSchema', () => {
  it('flags a value without a key and a repeated key on their rows', () => {
    const result = metadataRowsSchema.safeParse([
      { key: 'a', value: '1' },
      { key: '', value: 'orphan' },
      { key: 'a', value: '2' },
    ]);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([
      [1, 'key'],
      [2, 'key'],
    ]);
  });
});
