/**
 * Where a conversation ends, as far as this instance knows for sure: nothing exists after `seq`
 * or after `createdAtMs` (an upper bound; null when not known that way). Within a conversation
 * both grow together (sends lock the conversation row), so either answers "anything new?".
 */
export interface ConversationEnd {
  seq: number | null;
  createdAtMs: number | null;
}

const MAX_ENTRIES = 100_000;
const maxOf = (a: number | null, b: number | null) =>
  a === null ? b : b === null ? a : Math.max(a, b);

/**
 * Lets a "no news" poll answer without touching the database. An entry is only created from a
 * database read made while no chat notification arrived, and is then moved forward by every
 * message notification (from any instance) and every local send; it is always an upper bound of
 * the conversation's end. So a poll whose cursor is at or past it has nothing to read: at worst
 * it answers a few milliseconds early, never skips anything (its cursor does not move). Without a
 * live LISTEN connection nothing is trusted, and a reconnect forgets everything.
 *
 * Keyed by conversation key alone: an entry only exists after a read that confirmed both people
 * are of the reader's tenant, and people never change tenant, so a key belongs to one tenant.
 */
export class LatestMessages {
  private readonly entries = new Map<string, ConversationEnd>();
  /** Bumped by every message: a read that overlapped one must not create an entry. */
  private epoch = 0;

  constructor(private readonly isLive: () => boolean) {}

  get currentEpoch(): number {
    return this.epoch;
  }

  /** Whether a poll after this cursor can have nothing to read. */
  hasNothingAfter(key: string, cursor: { seq: number } | { after: Date }): boolean {
    if (!this.isLive()) return false;
    const end = this.entries.get(key);
    if (!end) return false;
    if ('seq' in cursor) return end.seq !== null && cursor.seq >= end.seq;
    return end.createdAtMs !== null && cursor.after.getTime() >= end.createdAtMs;
  }

  /** What a read begun at `epochBefore` showed about the conversation's end. */
  learn(key: string, end: ConversationEnd, epochBefore: number): void {
    if (!this.isLive() || epochBefore !== this.epoch || this.entries.has(key)) return;
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, end);
  }

  /** A message was committed (here, or on another instance as its notification says). */
  noteMessage(key: string, message: { seq: number; createdAtMs: number }): void {
    this.epoch++;
    const end = this.entries.get(key);
    if (end) {
      this.entries.set(key, {
        seq: maxOf(end.seq, message.seq),
        createdAtMs: maxOf(end.createdAtMs, message.createdAtMs),
      });
    }
  }

  forgetAll(): void {
    this.epoch++;
    this.entries.clear();
  }
}
