import { describe, expect, it } from 'vitest';
import { metadataProblems, type EventProperties } from './event-metadata';

const schema: EventProperties = {
  rating: { type: 'number', required: true },
  text: { type: 'string' },
  verified: { type: 'boolean' },
  on: { type: 'date' },
  at: { type: 'datetime' },
  extra: { type: 'object' },
};

describe('metadataProblems', () => {
  it.each<[string, Record<string, unknown>, string[]]>([
    ['valid', { rating: 4, text: 'ok', verified: true, on: '2026-11-21', at: '2026-11-21T10:00:00Z', extra: { a: 1 } }, []],
    ['unknown properties are allowed', { rating: 4, other: 'x' }, []],
    ['null optional property', { rating: 4, text: null }, []],
    ['missing required', {}, ["Property .metadata should have required property 'rating'"]],
    ['null required', { rating: null }, ["Property .metadata should have required property 'rating'"]],
    ['number as string', { rating: '4' }, ['Property .metadata.rating: expected number']],
    ['string as number', { rating: 1, text: 5 }, ['Property .metadata.text: expected string']],
    ['boolean as string', { rating: 1, verified: 'yes' }, ['Property .metadata.verified: expected boolean']],
    ['bad date', { rating: 1, on: '21-11-2026' }, ['Property .metadata.on: expected date (YYYY-MM-DD)']],
    ['date for datetime', { rating: 1, at: '2026-11-21' }, ['Property .metadata.at: expected date-time (ISO 8601)']],
    ['array for object', { rating: 1, extra: [] }, ['Property .metadata.extra: expected object']],
  ])('%s', (_name, metadata, problems) => {
    expect(metadataProblems(schema, metadata)).toEqual(problems);
  });
});
