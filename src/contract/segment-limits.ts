// Kept free of zod so the dashboard's id-parsing worker can import it without the schema library.

/** SERVICE_SPEC §8: customers in one static segment. */
export const staticSegmentLimit = 20_000;
/** SERVICE_SPEC §8: auto-update and passive segments together, per project. */
export const dynamicSegmentLimit = 100;
/**
 * References one customer lookup takes (our extension, POST /v1/customers/lookup): twice a static
 * segment's limit, so a full list still goes in one request with its header line and typos beside it.
 */
export const customerLookupLimit = 2 * staticSegmentLimit;
