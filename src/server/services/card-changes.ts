import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db, Tx } from '../../platform/db/client';
import type { CardTransactionRow } from '../db/repositories/card-transactions';
import type { TransactionType } from '../domain/card-ledger';

/**
 * Every change to a loyalty card passes here: earned, held pending, activated, pending canceled or
 * adjusted, redeemed, adjusted by hand, expired, its points' expiry moved by a custom event. This is the one place tiers and webhooks plug into
 * (docs/architecture.md, "Card changes"). The durable record of each change is the ledger itself
 * (a card transaction, or a pending-points row), written in the change's own statement or
 * transaction; what is announced here is that change, once it has committed, to the listeners of
 * this process.
 */

/**
 * A balance change is its card transaction's type; pending points have kinds of their own (no
 * transaction records them), and so has a custom event moving the last day of sliding points
 * (POINTS_EXPIRY_MOVED, `points` 0: the event is its record).
 */
export type CardChangeKind = TransactionType | 'PENDING_POINTS_ADDED' | 'PENDING_POINTS_ADJUSTED' | 'PENDING_POINTS_CANCELED' | 'POINTS_EXPIRY_MOVED';

export interface CardChange {
  kind: CardChangeKind;
  projectId: string;
  cardId: string;
  campaignId: string;
  /** Signed: what the card's balance (or, for PENDING_POINTS_*, its pending points) moved by. */
  points: number;
  /** The card transaction that records it (balance changes). */
  transactionId?: string;
  /** The pending-points entry it concerns. */
  pendingPointsId?: string;
  at: Date;
  /** Its card's loyalty tier row was folded in the change's own statement (the one-statement event path): nothing to catch up. */
  tierFolded?: boolean;
}

export type CardChangeListener = (changes: readonly CardChange[]) => void | Promise<void>;

/** A card transaction as the change it records. */
export function changeOfTransaction(row: Pick<CardTransactionRow, 'id' | 'projectId' | 'voucherId' | 'campaignId' | 'type' | 'amount' | 'createdAt'>): CardChange {
  return { kind: row.type as CardChangeKind, projectId: row.projectId, cardId: row.voucherId, campaignId: row.campaignId, points: row.amount, transactionId: row.id, at: row.createdAt };
}

interface Scope {
  changes: CardChange[];
}

// One per process: the unit of work in scope, whichever CardChanges opened it.
const scopes = new AsyncLocalStorage<Scope>();

/**
 * A change written inside the current card transaction (CardChanges.transaction), announced when it
 * commits. Recording outside one is a programming error, so no path can change a card unannounced.
 */
export function recordCardChange(change: CardChange): void {
  const scope = scopes.getStore();
  if (!scope) throw new Error(`card change ${change.kind} on ${change.cardId} recorded outside CardChanges.transaction`);
  scope.changes.push(change);
}

/**
 * Collects the changes a unit of work records and announces them when it has committed. A change
 * written by a statement that commits on its own is announced at once (`committed`); one written
 * inside a transaction (recordCardChange, by postToCard and the pending-points writes) waits for
 * the transaction opened through `transaction` to commit, and is forgotten if it rolls back.
 */
export class CardChanges {
  private readonly listeners: CardChangeListener[] = [];
  private readonly running = new Set<Promise<void>>();

  subscribe(listener: CardChangeListener): () => void {
    this.listeners.push(listener);
    return () => this.listeners.splice(this.listeners.indexOf(listener) >>> 0, 1);
  }

  /** Changes already committed (one-statement writes). */
  committed(changes: readonly CardChange[]): void {
    if (changes.length === 0) return;
    const scope = scopes.getStore();
    // Inside a transaction they wait for it like any other, so the order of announcements is the order of commits.
    if (scope) scope.changes.push(...changes);
    else this.announce(changes);
  }

  /**
   * `database.db.transaction(fn)`, announcing the card changes recorded in it once it commits. A
   * transaction nested in another unit of work hands its changes to the outer one; opened on a
   * `Tx` it is a savepoint, whose changes are forgotten if it rolls back while the outer one goes on.
   */
  async transaction<T>(db: Db | Tx, fn: (tx: Tx) => Promise<T>): Promise<T> {
    const outer = scopes.getStore();
    const scope: Scope = { changes: [] };
    const result = await scopes.run(scope, () => db.transaction(fn));
    if (outer) outer.changes.push(...scope.changes);
    else this.announce(scope.changes);
    return result;
  }

  /** Resolves once every listener started so far has finished (a closing service waits for them before its database goes). */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  /** Listeners run after the answer is on its way; one failing does not keep the others or the request from completing. */
  private announce(changes: readonly CardChange[]): void {
    if (changes.length === 0) return;
    for (const listener of this.listeners) {
      const run: Promise<void> = new Promise<void>((resolve) => queueMicrotask(resolve))
        .then(() => listener(changes))
        .catch((error: unknown) => console.error('card change listener failed', error))
        .finally(() => this.running.delete(run));
      this.running.add(run);
    }
  }
}
