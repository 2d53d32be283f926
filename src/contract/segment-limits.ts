// Kept free of zod so the dashboard's id-parsing worker can import it without the schema library.

/** SERVICE_SPEC §8: customers in one static segment. */
export const staticSegmentLimit = 20_000;
/** SERVICE_SPEC §8: auto-update and passive segments together, per project. */
export const dynamicSegmentLimit = 100;
