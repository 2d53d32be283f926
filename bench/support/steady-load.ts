import { Pool } from 'undici';

export interface SteadyResult {
  /** Requests sent, and of their answers the 2xx ones. */
  sent: number;
  ok: number;
}

/**
 * Requests at an even pace: the i-th goes out at i / `rate` seconds, over at most `connections`
 * kept-alive connections (one waits when all are busy). autocannon's rate limit is per second: each
 * connection sends its share at the top of every second and then pauses, so a "paced" 150 req/s
 * arrives as one burst a second, and whatever follows the requests (webhooks) measures the burst.
 */
export async function steadyLoad(
  url: string,
  options: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: () => string; seconds: number; rate: number; connections: number },
): Promise<SteadyResult> {
  const target = new URL(url);
  const pool = new Pool(target.origin, { connections: options.connections });
  const total = Math.round(options.seconds * options.rate);
  const start = performance.now();
  let free = options.connections;
  const waiting: (() => void)[] = [];
  const slot = () => (free > 0 ? (free--, Promise.resolve()) : new Promise<void>((resolve) => waiting.push(resolve)));
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else free++;
  };
  let ok = 0;
  const inFlight: Promise<void>[] = [];
  try {
    for (let i = 0; i < total; i++) {
      const due = start + (i * 1000) / options.rate - performance.now();
      if (due > 0) await new Promise((resolve) => setTimeout(resolve, due));
      await slot();
      inFlight.push(
        pool
          .request({ path: `${target.pathname}${target.search}`, method: options.method, headers: options.headers, body: options.body?.() })
          .then(async ({ statusCode, body }) => {
            await body.dump();
            if (statusCode >= 200 && statusCode < 300) ok++;
          })
          .catch(() => undefined)
          .finally(release),
      );
    }
    await Promise.all(inFlight);
  } finally {
    await pool.close();
  }
  return { sent: total, ok };
}
