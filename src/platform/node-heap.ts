/**
 * The young generation the service's processes run with. Node 24 sizes it by the machine's memory
 * (64 MB semi-spaces on 24 GiB), and start-up fills it: loading the modules parses drizzle-orm's
 * 179 kB package.json once per module it imports, ~130 MB of garbage whose pages the process then keeps.
 * 16 MB semi-spaces, Node 20's size, took an export's process from 380 to 249 MB peak RSS with no
 * CPU per request lost on the hot paths (bench/README.md, issue 31). Every way the service is started
 * passes these flags: the npm scripts, the e2e server, the test and bench launchers
 * (test/node-heap.test.ts holds them to it); the webhook worker process inherits them.
 */
export const semiSpaceMb = 16;

/** Node's command-line flags for a service process (tsx passes them through). */
export const serviceNodeFlags: readonly string[] = [`--max-semi-space-size=${semiSpaceMb}`];

/** The same young generation for a service run in a worker thread (V8 counts three semi-spaces). */
export const serviceWorkerResourceLimits = { maxYoungGenerationSizeMb: 3 * semiSpaceMb } as const;
