import type { DbOrTx } from '../../platform/db/client';
import { listLiveFaults, takeFaultRequest, type FaultRow } from '../db/repositories/local-faults';
import { faultAimsAt, routeKeyOf } from '../domain/fault-route';

/**
 * How often a process reads the faults again: a fault set or cleared through another service
 * process on the same database is met (or no longer) here within this long. One small read of
 * `local_faults`, off the requests' path.
 */
export const faultRefreshMs = 1_000;

/**
 * This process's copy of every project's faults (`local_faults`), read into memory so a request
 * asks a Map, not the database: with no fault anywhere, the injection hook costs one size check.
 * Counted faults are taken in the database (`takeFaultRequest`), so processes sharing it meet a
 * fault for N requests N times in all. Writes through this process refresh it at once.
 */
export class FaultTable {
  private byProject = new Map<string, FaultRow[]>();
  private readonly routeKeys = new Map<string, string>();
  private loading: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: DbOrTx,
    private readonly random: () => number = Math.random,
  ) {}

  get empty(): boolean {
    return this.byProject.size === 0;
  }

  /** Reads every live fault again, after any read under way (so a write made before the call is seen). */
  refresh(): Promise<void> {
    this.loading = this.loading
      .catch(() => undefined)
      .then(async () => {
        const rows = await listLiveFaults(this.db);
        const next = new Map<string, FaultRow[]>();
        for (const row of rows) next.set(row.projectId, [...(next.get(row.projectId) ?? []), row]);
        this.byProject = next;
      });
    return this.loading;
  }

  /** Reads them every `faultRefreshMs` until `stop`. */
  start(onError: (error: unknown) => void = () => undefined): void {
    this.timer ??= setInterval(() => void this.refresh().catch(onError), faultRefreshMs).unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.loading.catch(() => undefined);
  }

  /**
   * The fault a request of `method` to the route `routeUrl` meets, if any: the project's faults in
   * the order they were set, each aimed at it met with its probability; a counted one only while
   * the database still grants it a request.
   */
  async meet(projectId: string, method: string, routeUrl: string): Promise<FaultRow | undefined> {
    const faults = this.byProject.get(projectId);
    if (!faults) return undefined;
    const routeKey = this.routeKeyOf(routeUrl);
    for (const fault of faults) {
      if (!faultAimsAt(fault, method, routeKey) || (fault.probability < 1 && this.random() >= fault.probability)) continue;
      if (fault.remaining === null) return fault;
      const left = await takeFaultRequest(this.db, fault.id);
      if (left === 0 || left === undefined) this.forget(projectId, fault.id);
      if (left !== undefined) return fault;
    }
    return undefined;
  }

  private forget(projectId: string, id: string): void {
    const left = (this.byProject.get(projectId) ?? []).filter((f) => f.id !== id);
    if (left.length > 0) this.byProject.set(projectId, left);
    else this.byProject.delete(projectId);
  }

  private routeKeyOf(routeUrl: string): string {
    let key = this.routeKeys.get(routeUrl);
    if (key === undefined) this.routeKeys.set(routeUrl, (key = routeKeyOf(routeUrl)));
    return key;
  }
}
