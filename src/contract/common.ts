import { z } from 'zod';

/** Metadata as stored and answered: any JSON object. */
export const metadataSchema = z.record(z.string(), z.unknown());

/**
 * Bounds on the `metadata` a write may carry (issue 35): the real API publishes none for these
 * endpoints, so they are decided here (README, "Metadata limits"). Per value: a string at most
 * `valueLength` characters (as `reason`), a property name at most `keyLength`; per object: at most
 * `properties` top-level properties and `bytes` bytes as JSON (UTF-8), nested values included.
 */
export const metadataLimits = { valueLength: 1_000, keyLength: 100, properties: 100, bytes: 16_384 } as const;

/** Enough to name what is wrong; a megabyte of long strings need not list every one. */
const maxMetadataIssues = 5;

/** `metadata` of a request: any JSON object within `metadataLimits`, else 400 naming the property. */
export const metadataInputSchema = metadataSchema.superRefine((metadata, ctx) => {
  let issues = 0;
  const issue = (path: (string | number)[], message: string) => {
    if (issues++ < maxMetadataIssues) ctx.addIssue({ code: 'custom', path, message });
  };
  const keyCount = Object.keys(metadata).length;
  if (keyCount > metadataLimits.properties) issue([], `may hold at most ${metadataLimits.properties} properties, not ${keyCount}`);
  const walk = (value: unknown, path: (string | number)[]): void => {
    if (issues >= maxMetadataIssues) return;
    if (typeof value === 'string') {
      if (value.length > metadataLimits.valueLength) issue(path, `must be at most ${metadataLimits.valueLength} characters (a metadata value), not ${value.length}`);
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => walk(item, [...path, index]));
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (key.length > metadataLimits.keyLength) issue(path, `property names must be at most ${metadataLimits.keyLength} characters, not ${key.length}`);
        walk(item, [...path, key]);
      }
    }
  };
  walk(metadata, []);
  if (issues > 0) return;
  const bytes = new TextEncoder().encode(JSON.stringify(metadata)).length;
  if (bytes > metadataLimits.bytes) issue([], `must be at most ${metadataLimits.bytes} bytes as JSON, not ${bytes}`);
});

/** `?limit=` of the v1 lists: 1–100, default 10 (the real API's prose default). */
/**
 * Points limits, one for every points value the service takes or computes (README, "Limits"): an
 * amount of points a request brings, a rule gives or one earning computes is at most `maxPoints`;
 * a card's lifetime points (and so every other total of it) at most `maxCardPoints`, well inside
 * 2^53, so every total is exact in JavaScript numbers and PostgreSQL bigints alike.
 */
export const maxPoints = 1_000_000_000_000;
export const maxCardPoints = 1_000_000_000_000_000;

export const limitQuery = z.coerce.number().int().min(1).max(100).default(10);
/** `?page=` of the page-numbered v1 lists. */
export const pageQuery = z.coerce.number().int().min(1).max(1000).default(1);

export const isoDate = z.iso.date();
export const dateTime = z.iso.datetime({ offset: true });

/** A date filter's bound: an ISO 8601 instant, or a day (`2016-11-16`, its first instant in UTC), as the contract's filters take either. */
export const dateBound = z.union([dateTime, isoDate]).transform((value) => new Date(value));

/** `created_at[before]=…&created_at[after]=…` (deepObject, parsed by the route's parseDeepObjectQuery): strict bounds. */
export const dateRangeQuery = z.strictObject({ before: dateBound.optional(), after: dateBound.optional() });
export type DateRange = z.output<typeof dateRangeQuery>;
