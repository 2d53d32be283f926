import type { ImportFailure } from '../../contract/async-action';
import type { Tx } from '../../platform/db/client';
import type { ServiceContext } from '../context';

/**
 * What one kind of async action does with each of its items (run-async-action.ts carries them
 * out, one transaction per item with the action's progress): read the stored items back, and apply
 * one in a savepoint of that transaction, answering why it was refused (it then left nothing), or
 * undefined when it was written. An error that is not the item's (the database went away) is
 * thrown: the attempt fails and resumes at that item.
 */
export interface AsyncActionSteps<Item = unknown> {
  /**
   * Items carried out per transaction (1 when left out). More makes a long action fast (one
   * commit and one progress write per batch); a crash rolls the batch back with its progress,
   * so it is redone whole and nothing is written twice.
   */
  perTransaction?: number;
  items(payload: unknown[]): Item[];
  /**
   * Optionally, a whole transaction's items at once (set-based, for speed): their failures, or
   * undefined when these items need `apply` one by one. Only for items stored data cannot refuse.
   */
  applyAll?(ctx: ServiceContext, tx: Tx, projectId: string, items: Item[], firstIndex: number, now: Date): Promise<ImportFailure[] | undefined>;
  apply(ctx: ServiceContext, tx: Tx, projectId: string, item: Item, index: number, now: Date): Promise<ImportFailure | undefined>;
}
