import { AsyncLocalStorage } from 'node:async_hooks';
import type { Clock } from '../../platform/clock';
import type { DbOrTx } from '../../platform/db/client';
import { LookupCache } from '../db/lookup-cache';
import { findClockOffset } from '../db/repositories/project-clocks';

/**
 * How long this process trusts an offset it read. A move made through this process is seen at
 * once (it forgets the offset it moved); one made through another service process on the same
 * database is seen here within this long.
 */
export const clockOffsetCacheMs = 2_000;

interface ProjectScope {
  projectId: string;
  offsetMs: number;
}

/**
 * Time per project: a project's clock may run ahead of real time (POST /_local/clock, served only
 * with LOCAL_CONTROL=on), and everything time-based in that project follows it, while other
 * projects keep real time.
 *
 * `now()` is the time of the project in scope: a request is in its caller's project from the
 * moment it is authenticated (app.ts), and a job enters a project with `within`/`runAs`. So the
 * use-cases keep asking `ctx.clock.now()` and need not know about project clocks; code that runs
 * outside any project (rate limits, signed headers) asks `realNow()`. Every process reads the
 * stored offsets whatever its LOCAL_CONTROL, so processes on one database agree on a project's
 * time; LOCAL_CONTROL decides only whether this process serves the routes that move it (issue 35).
 */
export class ProjectClock implements Clock {
  private readonly scope = new AsyncLocalStorage<ProjectScope>();
  private readonly offsets = new LookupCache<{ offsetMs: number }>(clockOffsetCacheMs);

  constructor(
    /** Real time (a ManualClock in tests). */
    readonly base: Clock,
    private readonly db: DbOrTx,
    /** LOCAL_CONTROL=on: this process serves /_local/clock, which moves project clocks. Offsets are read either way. */
    readonly movable: boolean,
  ) {}

  /** The time of the project in scope, or real time outside any project. */
  now(): Date {
    const offsetMs = this.scope.getStore()?.offsetMs ?? 0;
    const real = this.base.now();
    return offsetMs === 0 ? real : new Date(real.getTime() + offsetMs);
  }

  /** Real time, whatever project is in scope. */
  realNow(): Date {
    return this.base.now();
  }

  /** How far (ms) the project's clock runs ahead of real time. */
  async offsetOf(projectId: string): Promise<number> {
    const found = await this.offsets.get(projectId, async () => ({ offsetMs: await findClockOffset(this.db, projectId) }));
    return found?.offsetMs ?? 0;
  }

  /** The project's time, from anywhere (a public route that finds its project late, a job). */
  async nowOf(projectId: string): Promise<Date> {
    return new Date(this.base.now().getTime() + (await this.offsetOf(projectId)));
  }

  /** Runs `fn` (and everything it awaits) in the project's time, with an offset already known. */
  runAs<T>(projectId: string, offsetMs: number, fn: () => T): T {
    return this.scope.run({ projectId, offsetMs }, fn);
  }

  /** Runs `fn` in the project's time. */
  async within<T>(projectId: string, fn: () => Promise<T>): Promise<T> {
    return this.runAs(projectId, await this.offsetOf(projectId), fn);
  }

  /** Drops what this process remembers of the project's offset (after moving it). */
  forget(projectId: string): void {
    this.offsets.forget(projectId);
  }
}
