import { z } from 'zod';

export const metadataSchema = z.record(z.string(), z.unknown());

/** `?limit=` of the v1 lists: 1–100, default 10 (the real API's prose default). */
export const limitQuery = z.coerce.number().int().min(1).max(100).default(10);
/** `?page=` of the page-numbered v1 lists. */
export const pageQuery = z.coerce.number().int().min(1).max(1000).default(1);

export const isoDate = z.iso.date();
export const dateTime = z.iso.datetime({ offset: true });
