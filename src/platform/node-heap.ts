/**
 * The young generation of the service on PostgreSQL (`npm run serve:api`). Node 24 sizes it by the
 * machine's memory (64 MB semi-spaces on 24 GiB), and start-up fills it: loading the modules parses
 * drizzle-orm's 179 kB package.json once per module it imports, ~130 MB of garbage whose pages the
 * process then keeps. 16 MB semi-spaces, Node 20's size, took an export's process from 380 to
 * 237–257 MB peak RSS, with the PostgreSQL hot paths' CPU per request unchanged within the noise.
 * `npm start` (the embedded database) keeps Node's default: PGlite runs its queries in the
 * service's own thread, and there the larger young generation is worth 15–25 % of Redeem reward's
 * and Add Member's throughput (bench/README.md, issue 31). test/tools/node-heap.test.ts holds the
 * npm script to it; the test and bench launchers of serve.ts pass it; the webhook worker process
 * inherits it (`execArgv`).
 */
export const semiSpaceMb = 16;

/** Node's command-line flags for the service on PostgreSQL (tsx passes them through). */
export const postgresServiceNodeFlags: readonly string[] = [`--max-semi-space-size=${semiSpaceMb}`];

/** The same young generation for that service run in a worker thread (V8 counts three semi-spaces). */
export const postgresServiceWorkerLimits = { maxYoungGenerationSizeMb: 3 * semiSpaceMb } as const;
