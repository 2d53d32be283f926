/**
 * A points transfer between loyalty cards, without I/O: which source a transfer refuses, and the
 * pair of transactions each source makes (the points leave it, then arrive on the target), naming
 * each other so either side finds the other.
 */

export interface TransferCard {
  id: string;
  code: string;
  holderId: string | null;
  balance: number;
}

export type TransferRefusal = 'same_card' | 'no_holder' | 'points_exceeded';

/**
 * Why a source may not give `points` to `target`, checked in the order given (its balance as it is
 * under its lock, after the sources before it in the request gave theirs); undefined: it may.
 * Points move only between cards given to members (the contract: "cards which have holders").
 */
export function transferRefusal(source: TransferCard, target: TransferCard, points: number): TransferRefusal | undefined {
  if (source.id === target.id) return 'same_card';
  if (!source.holderId) return 'no_holder';
  if (points > source.balance) return 'points_exceeded';
  return undefined;
}

/** The two sides of one source's transfer: ids that name each other, the reason and source id both carry. */
export interface TransferLeg {
  outId: string;
  inId: string;
  points: number;
  reason: string | null;
  sourceId: string | null;
}

export function transferLegs(sources: readonly { points: number; reason?: string | null; source_id?: string | null }[], newId: () => string): TransferLeg[] {
  return sources.map((s) => ({ outId: newId(), inId: newId(), points: s.points, reason: s.reason ?? null, sourceId: s.source_id ?? null }));
}
