import type { VoucherRow } from '../db/repositories/vouchers';
import { oneStatementCustomer, type OneStatementEnrollment } from '../db/repositories/enrollment';

/** Runs enrollments of one lane as one statement (enrollTogether bound to a database). */
export type EnrollTogether = (inputs: OneStatementEnrollment[]) => Promise<VoucherRow[] | undefined>;

interface Waiting {
  input: OneStatementEnrollment;
  sourceId: string;
  resolve(card: VoucherRow | undefined): void;
  reject(error: unknown): void;
}

interface Lane {
  running: number;
  waiting: Waiting[];
  /** A start is scheduled for the end of this turn of the event loop (gatherTurn). */
  gathering?: boolean;
}

/**
 * How many enrollments go as one statement: a group is rounded down to one of these. The statement's
 * text carries its count (see enrollTogether), so a dozen sizes mean a dozen prepared texts per connection.
 */
export const togetherSizes = [1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64];

/**
 * The lane of an enrollment: those that can share a statement have the same project, campaign and
 * profile fields. Undefined for one the statement cannot take at all (a customer named by id).
 */
export function laneOf(input: OneStatementEnrollment): { key: string; sourceId: string } | undefined {
  const customer = oneStatementCustomer(input.customer);
  if (!customer) return undefined;
  return { key: `${input.projectId} ${input.campaignId} ${Object.keys(customer.profile).sort().join(',')}`, sourceId: customer.sourceId };
}

/**
 * Group commit for Add Member. An enrollment runs at once when its lane (project, campaign, profile
 * fields) has fewer than `parallel` statements running; otherwise it waits for one to finish and
 * goes with every enrollment that arrived meanwhile, as one statement and one commit. A lone
 * enrollment never waits; a burst pays one commit, one round trip and one set of wake-ups per
 * statement instead of per enrollment. One statement at a time per lane measured best on 2 vCPUs
 * (two make smaller groups; README, "Why the hot paths look the way they do"); the statement
 * never waits on a card (SKIP LOCKED), only briefly on a customer another request is writing.
 *
 * With `gatherTurn` (the embedded database: statement-batcher.ts, gatherTurnOf) an enrollment whose
 * lane runs nothing waits for the end of this turn of the event loop, so the turn's requests go together.
 *
 * Each enrollment gets what enrollInOneStatement would have given it alone: its card, or undefined
 * for the transaction to take over. When a shared statement fails (one customer already joined,
 * one publication source_id reused), each of its enrollments runs again alone, so the failure, and
 * the error it becomes, is only ever that enrollment's own.
 */
export class EnrollmentBatcher {
  private readonly lanes = new Map<string, Lane>();

  constructor(
    private readonly enrollTogether: EnrollTogether,
    private readonly parallel = 1,
    private readonly gatherTurn = false,
  ) {}

  enroll(input: OneStatementEnrollment): Promise<VoucherRow | undefined> {
    const together = laneOf(input);
    if (!together) return Promise.resolve(undefined);
    let lane = this.lanes.get(together.key);
    if (!lane) {
      lane = { running: 0, waiting: [] };
      this.lanes.set(together.key, lane);
    }
    const promise = new Promise<VoucherRow | undefined>((resolve, reject) => lane.waiting.push({ input, sourceId: together.sourceId, resolve, reject }));
    if (!this.gatherTurn) this.start(together.key, lane);
    else if (!lane.gathering) {
      lane.gathering = true;
      const current = lane;
      setImmediate(() => {
        current.gathering = false;
        this.start(together.key, current);
      });
    }
    return promise;
  }

  private start(key: string, lane: Lane): void {
    while (lane.running < this.parallel && lane.waiting.length > 0) {
      const group = this.takeGroup(lane);
      lane.running++;
      void this.run(group).finally(() => {
        lane.running--;
        if (lane.running === 0 && lane.waiting.length === 0) this.lanes.delete(key);
        else this.start(key, lane);
      });
    }
  }

  /**
   * The oldest waiting enrollments, at most one per customer (one statement cannot upsert a customer
   * twice), as many as the largest of togetherSizes that fits; the rest keep their place in line.
   */
  private takeGroup(lane: Lane): Waiting[] {
    const eligible: Waiting[] = [];
    const customers = new Set<string>();
    for (const waiting of lane.waiting) {
      if (customers.has(waiting.sourceId)) continue;
      eligible.push(waiting);
      customers.add(waiting.sourceId);
    }
    const size = togetherSizes.filter((n) => n <= eligible.length).pop() ?? 1;
    const group = new Set(eligible.slice(0, size));
    lane.waiting = lane.waiting.filter((waiting) => !group.has(waiting));
    return [...group];
  }

  private async run(group: Waiting[]): Promise<void> {
    try {
      const cards = await this.enrollTogether(group.map((waiting) => waiting.input));
      group.forEach((waiting, i) => waiting.resolve(cards?.[i]));
    } catch (error) {
      if (group.length === 1) group[0].reject(error);
      else await Promise.all(group.map((waiting) => this.run([waiting])));
    }
  }
}
