import type { FastifyInstance } from 'fastify';
import { ConnectionDrain, DEFAULT_DRAIN_TIMES, type DrainTimes } from '../platform/http/connection-drain';

export interface ServerToStop {
  app: FastifyInstance;
  /** Made before the server listens (see `trackConnections`), so it has seen every connection. */
  connections: ConnectionDrain;
}

export interface ShutdownPlan {
  /** The HTTP servers in the order they stop: the proxy before the service its requests go on to. */
  servers: ServerToStop[];
  /** Stopped alongside the servers (the job workers), given the milliseconds until requests are cut. */
  alongside?: (msLeft: number) => Promise<void>;
  /** Closed last, when nothing uses it any more (the database). */
  last: () => Promise<void>;
  /** The whole shutdown's bound (SHUTDOWN_TIMEOUT_SECONDS). */
  timeoutMs: number;
}

/** Ends a log file stream once its buffered lines are written (process.exit would drop them). */
export function endLogStream(stream: NodeJS.WritableStream | undefined): Promise<void> {
  return new Promise((resolve) => (stream ? stream.end(resolve) : resolve()));
}

/** Watches an app's connections from now on; call before `listen`. */
export function trackConnections(app: FastifyInstance): ServerToStop {
  return { app, connections: new ConnectionDrain(app.server) };
}

/**
 * When the requests still running are cut: shortly before the bound, so that closing the database
 * and exiting still fit in it.
 */
export function cutAfterMs(timeoutMs: number): number {
  return timeoutMs - Math.min(1_000, timeoutMs / 4);
}

/**
 * How long each server goes on accepting after the signal: the grace (0.25 s, a tenth of a small
 * bound), and at most a quarter of the bound however many connections keep waiting.
 */
export function drainTimes(timeoutMs: number): DrainTimes {
  return { graceMs: Math.min(DEFAULT_DRAIN_TIMES.graceMs, timeoutMs / 10), acceptAtMostMs: timeoutMs / 4 };
}

/**
 * Stops the servers one after the other (see ConnectionDrain: accepting for a short grace and what
 * waits in the listen backlog by then, every request that reached the server answered with
 * `Connection: close`, connections without one closed once quiet), with `alongside` at the same
 * time, then `last`. Requests still running at
 * `cutAfterMs` are cut. Resolves with the exit code: 0 when every request was answered.
 */
export async function shutDown(plan: ShutdownPlan, log: (line: string) => void): Promise<number> {
  const started = Date.now();
  const cutAfter = cutAfterMs(plan.timeoutMs);
  let cut = 0;
  const cutTimer = setTimeout(() => {
    for (const { connections } of plan.servers) cut += connections.cut();
    if (cut > 0) log(`Shutdown: ${cut} request(s) still running after ${cutAfter / 1000} s were cut`);
  }, cutAfter);
  try {
    const servers = async () => {
      for (const { app, connections } of plan.servers) {
        // The app closes after its last connection: its own close would destroy every connection
        // between requests at once, unread requests and all (see ConnectionDrain).
        await connections.drain(drainTimes(plan.timeoutMs));
        await app.close();
      }
    };
    await Promise.all([servers(), plan.alongside?.(Math.max(cutAfter - (Date.now() - started), 0))]);
  } finally {
    clearTimeout(cutTimer);
  }
  await plan.last();
  return cut > 0 ? 1 : 0;
}

/**
 * On the first of `signals`, shuts down by `plan` and exits; the process is gone within
 * `plan.timeoutMs` whatever hangs. The same signal again ends the process at once (the default
 * action, as the listener was `once`).
 */
export function shutDownOn(signals: NodeJS.Signals[], plan: ShutdownPlan, log: (line: string) => void = (line) => console.log(line)): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const inFlight = plan.servers.reduce((sum, { connections }) => sum + connections.requestsInFlight, 0);
    log(`${signal}: shutting down, ${inFlight} request(s) in flight, at most ${plan.timeoutMs / 1000} s (${signal} again stops at once)`);
    setTimeout(() => {
      log(`Shutdown did not finish within ${plan.timeoutMs / 1000} s; exiting`);
      process.exit(1);
    }, plan.timeoutMs).unref();
    shutDown(plan, log).then(
      (code) => process.exit(code),
      (error: unknown) => {
        console.error('Shutdown failed:', error);
        process.exit(1);
      },
    );
  };
  for (const signal of signals) process.once(signal, onSignal);
}
