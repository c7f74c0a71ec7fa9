import { formatEvent, type StreamClient } from './event-hub.ts';
import type { StoredEvent } from './chat-events.repository.ts';

/** A reconnect this far behind reloads instead of replaying (one `resync`). */
export const REPLAY_LIMIT = 1000;
/** Stored events read per query while catching up. */
const BATCH = 200;

const RESYNC = 'event: resync\ndata: {}\n\n';

export interface OrderedStreamOptions {
  id: string;
  userId: string;
  sessionId: string;
  /** Writes SSE text to the connection. */
  send(chunk: string): void;
  /** Ends the connection. */
  end(): void;
  /** The person's stored events after a number, oldest first. */
  readAfter(afterSeq: number, limit: number): Promise<StoredEvent[]>;
  /** The number of the person's newest event. */
  readLast(): Promise<number>;
}

/**
 * One person's event stream, sent strictly in the order of their event numbers, each exactly once.
 *
 * A person's numbers are gap-free and commit in order (see `recordEvent`), and PostgreSQL delivers
 * notifications in commit order, so live events normally arrive as n+1, n+2, …. Whenever they do
 * not — while the stream is opening or replaying, after a lost LISTEN connection, or anything
 * else — the stream stops trusting the live feed and reads the stored events after the last one it
 * sent until it has everything it has heard of. A number already sent is never sent again. Only
 * what can no longer be read (pruned, or too far behind) is replaced by one `resync`.
 */
export class OrderedStream implements StreamClient {
  readonly id: string;
  readonly userId: string;
  readonly sessionId: string;
  /** The last number sent. */
  private delivered = 0;
  /** The highest number known to exist. */
  private wanted = 0;
  /** True while the stored events are being read; live events then only raise `wanted`. */
  private reading = true;
  /** Set when a read must go round once more, whatever it finds. */
  private again = false;
  private ended = false;
  /** Until the headers are out, nothing is written (typing and heartbeats are simply skipped). */
  private started = false;
  private resyncFirst = false;

  constructor(private readonly options: OrderedStreamOptions) {
    this.id = options.id;
    this.userId = options.userId;
    this.sessionId = options.sessionId;
  }

  /**
   * Decides where the stream starts: after `lastEventId` (a reconnect), or at the person's newest
   * event (a new stream). Call it once the stream is in the hub, and before the response's headers
   * go out: a client that saw the stream open must get everything committed after that moment.
   * Sends nothing; `resume` does.
   */
  async locate(lastEventId: number | null): Promise<void> {
    try {
      const last = await this.options.readLast();
      this.wanted = Math.max(this.wanted, last);
      if (lastEventId === null) this.delivered = last;
      else if (lastEventId > last || last - lastEventId > REPLAY_LIMIT) {
        // An id from another list (before an upgrade, a restored database) or too old to replay.
        this.resyncFirst = true;
        this.delivered = last;
      } else this.delivered = lastEventId;
    } catch {
      this.resyncFirst = true;
    }
  }

  /** Sends what was missed since the located start, then lets live events through. */
  async resume(): Promise<void> {
    this.started = true;
    if (this.resyncFirst) this.options.send(RESYNC);
    await this.readStored();
  }

  write(chunk: string, seq: number | null): void {
    if (seq === null) return this.started ? this.options.send(chunk) : undefined;
    if (seq <= this.delivered) return;
    if (!this.reading && seq === this.delivered + 1) {
      this.delivered = seq;
      return this.options.send(chunk);
    }
    this.wanted = Math.max(this.wanted, seq);
    if (!this.reading) {
      this.reading = true;
      void this.readStored();
    }
  }

  catchUp(): void {
    // A read under way may have started before what was missed committed: it goes round again.
    this.again = true;
    if (this.reading) return;
    this.reading = true;
    void this.readStored();
  }

  close(reason?: 'superseded'): void {
    if (this.ended) return;
    this.ended = true;
    if (reason && this.started)
      this.options.send(`event: ended\ndata: ${JSON.stringify({ reason })}\n\n`);
    this.options.end();
  }

  /** Sends stored events until everything heard of is sent; then live events flow again. */
  private async readStored(): Promise<void> {
    try {
      while (!this.ended) {
        this.again = false;
        // What was heard of before the read began had committed, so the read must find it.
        const heardBefore = this.wanted;
        const rows = await this.options.readAfter(this.delivered, BATCH);
        if (this.ended) return;
        // The next number is gone (pruned): the client reloads, then the stream goes on.
        const [first] = rows;
        if (first && first.seq > this.delivered + 1) this.options.send(RESYNC);
        for (const row of rows) {
          if (row.seq <= this.delivered) continue;
          this.delivered = row.seq;
          this.options.send(formatEvent(row.event, row.seq));
        }
        if (rows.length === BATCH || this.again) continue;
        if (this.delivered < this.wanted && this.wanted > heardBefore) continue;
        if (this.delivered < this.wanted) {
          // Heard of before the read, yet not stored (pruned, or its person deleted): gone.
          this.options.send(RESYNC);
          this.delivered = this.wanted;
        }
        break;
      }
    } catch {
      // The database is unreachable: the client reloads, and the stream goes on from what it heard.
      this.options.send(RESYNC);
      this.delivered = Math.max(this.delivered, this.wanted);
    }
    this.reading = false;
  }
}
