/** A card's place in the order cards are handed out: oldest first, then by id. */
export interface CardPosition {
  createdAt: Date;
  id: string;
}

/**
 * Where each campaign's next free card probably is: the position of the last card this process
 * handed out. A taken card leaves a dead entry in vouchers_free_idx until VACUUM, and the pick
 * walks over every one of them from the oldest, which grew to most of Add Member's database time
 * (README, "Why the hot paths look the way they do"). Starting the pick after the cursor skips them.
 *
 * Only a hint: the pick still checks the card is free and locks it. Cards behind the cursor that
 * are free (another enrollment had one locked and rolled back, or one was released) are found when
 * the range after it is empty, which drops the cursor, and by the full scan that starts afresh
 * every `ttlMs`, so a card is handed out late by at most that long.
 */
export class FreeCardCursor {
  private readonly cursors = new Map<string, { position: CardPosition; since: number }>();

  constructor(
    private readonly ttlMs = 5_000,
    private readonly maxCampaigns = 10_000,
  ) {}

  /** The position to start after, or undefined for a scan from the oldest card. */
  after(campaignId: string): CardPosition | undefined {
    const cursor = this.cursors.get(campaignId);
    if (!cursor) return undefined;
    if (Date.now() - cursor.since < this.ttlMs) return cursor.position;
    this.cursors.delete(campaignId);
    return undefined;
  }

  /** Records a card handed out; the cursor only moves forward. */
  advance(campaignId: string, card: CardPosition): void {
    const cursor = this.cursors.get(campaignId);
    if (!cursor) {
      if (this.cursors.size >= this.maxCampaigns) this.cursors.clear();
      this.cursors.set(campaignId, { position: { createdAt: card.createdAt, id: card.id }, since: Date.now() });
    } else if (isAfter(card, cursor.position)) {
      cursor.position = { createdAt: card.createdAt, id: card.id };
    }
  }

  forget(campaignId: string): void {
    this.cursors.delete(campaignId);
  }
}

// Ties on created_at compare ids in JavaScript's order, which may differ from the database's collation;
// a cursor kept a little short only costs a few more index entries, never a card.
function isAfter(a: CardPosition, b: CardPosition): boolean {
  const byTime = a.createdAt.getTime() - b.createdAt.getTime();
  return byTime > 0 || (byTime === 0 && a.id > b.id);
}

/** The process's cursors. Campaign ids are unique across databases, so one map serves every service in a process. */
export const freeCardCursor = new FreeCardCursor();
