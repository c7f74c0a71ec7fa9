import type { ChatEvent } from '@canopy/portal-contract';
import type { BusMessage } from './chat-events.repository.ts';

/** At most this many event streams per person, across every instance; the oldest are closed. */
export const MAX_STREAMS_PER_PERSON = 10;

/** One open event stream of one person (an SSE response, or anything that takes text). */
export interface StreamClient {
  /** Unique per stream, shared with other instances when it opens (the per-person cap). */
  id: string;
  userId: string;
  /** The sign-in session the stream was opened under: it ends when that session does. */
  sessionId: string;
  /** `seq` is the event's number in this person's list (null for typing and heartbeats). */
  write(chunk: string, seq: number | null): void;
  /** Notifications may have been missed: read what is stored and send what is new. */
  catchUp(): void;
  /** Ends the stream; `reason` goes out first as an `ended` event, so the client does not retry. */
  close(reason?: 'superseded'): void;
}

export interface EventHubOptions {
  heartbeatMs: number;
  typingTtlMs: number;
}

/** The SSE wire format of one event; typing has no id, so it never moves `Last-Event-ID`. */
export function formatEvent(event: ChatEvent, seq: number | null): string {
  const id = seq === null ? '' : `id: ${seq}\n`;
  return `${id}event: ${event.kind}\ndata: ${JSON.stringify(event)}\n\n`;
}

/**
 * This instance's open streams, by person. Every bus message goes to the streams of its two
 * participants only, each with that person's own event number. Typing is kept here as ephemeral
 * state: a "typing" signal not renewed within the TTL is followed by a "stopped typing" event, so
 * a closed tab never leaves the dots on.
 */
export class EventHub {
  private readonly streams = new Map<string, Set<StreamClient>>();
  /** Per person with a stream here: the ids of the newest streams opened on any instance. */
  private readonly newestOpened = new Map<string, string[]>();
  private readonly typing = new Map<string, NodeJS.Timeout>();
  private readonly heartbeat: NodeJS.Timeout;

  constructor(private readonly options: EventHubOptions) {
    // One timer for every stream: a comment line keeps proxies and NATs from closing idle ones.
    this.heartbeat = setInterval(() => this.broadcast(': ping\n\n'), options.heartbeatMs);
    this.heartbeat.unref();
  }

  get size(): number {
    let count = 0;
    for (const set of this.streams.values()) count += set.size;
    return count;
  }

  add(client: StreamClient): () => void {
    let set = this.streams.get(client.userId);
    if (!set) this.streams.set(client.userId, (set = new Set()));
    set.add(client);
    // The cap on this instance alone holds at once, before the bus tells every instance.
    if (set.size > MAX_STREAMS_PER_PERSON) set.values().next().value?.close('superseded');
    return () => {
      set.delete(client);
      if (set.size === 0 && this.streams.get(client.userId) === set) {
        this.streams.delete(client.userId);
        this.newestOpened.delete(client.userId);
      }
    };
  }

  /**
   * A stream of `userId` opened on some instance (this one included). Every instance hears the
   * openings in the same order, so all agree on which are the newest; a local stream that falls
   * out of the newest `MAX_STREAMS_PER_PERSON` is closed. People without a stream here are not
   * tracked: any stream opened here later is newer than everything they missed.
   */
  streamOpened(userId: string, streamId: string): void {
    const set = this.streams.get(userId);
    if (!set) return;
    const newest = this.newestOpened.get(userId) ?? [];
    this.newestOpened.set(userId, newest);
    newest.push(streamId);
    if (newest.length <= MAX_STREAMS_PER_PERSON) return;
    const evicted = newest.shift();
    for (const client of set) if (client.id === evicted) client.close('superseded');
  }

  /** Delivers a bus message to the local streams of its participants. */
  dispatch(message: BusMessage): void {
    const { event, users, seqs } = message;
    if (event.kind === 'typing') this.trackTyping(message);
    if (seqs === null) return this.sendTo(users, formatEvent(event, null), null);
    const [seqA, seqB] = seqs;
    this.sendTo([users[0]], formatEvent(event, seqA), seqA);
    this.sendTo([users[1]], formatEvent(event, seqB), seqB);
  }

  /** After a gap in notifications (a lost LISTEN connection): every stream reads what it missed. */
  catchUp(): void {
    for (const set of this.streams.values()) for (const client of set) client.catchUp();
  }

  /** The sessions behind the open streams. */
  sessionIds(): string[] {
    const ids = new Set<string>();
    for (const set of this.streams.values()) for (const client of set) ids.add(client.sessionId);
    return [...ids];
  }

  /** Ends the streams of every session not in `live` (sign-out, revocation, deletion). */
  closeEndedSessions(checked: readonly string[], live: ReadonlySet<string>): void {
    const ended = new Set(checked.filter((id) => !live.has(id)));
    if (ended.size === 0) return;
    for (const set of this.streams.values())
      for (const client of set) if (ended.has(client.sessionId)) client.close();
  }

  closeAll(): void {
    clearInterval(this.heartbeat);
    for (const timer of this.typing.values()) clearTimeout(timer);
    this.typing.clear();
    for (const set of this.streams.values()) for (const client of set) client.close();
    this.streams.clear();
  }

  private sendTo(users: readonly string[], chunk: string, seq: number | null): void {
    for (const userId of new Set(users)) {
      const set = this.streams.get(userId);
      if (set) for (const client of set) client.write(chunk, seq);
    }
  }

  private broadcast(chunk: string): void {
    for (const set of this.streams.values()) for (const client of set) client.write(chunk, null);
  }

  private trackTyping(message: BusMessage): void {
    const event = message.event as Extract<ChatEvent, { kind: 'typing' }>;
    const slot = `${event.conversationKey}|${event.userId}`;
    clearTimeout(this.typing.get(slot));
    this.typing.delete(slot);
    if (!event.isTyping) return;
    const timer = setTimeout(() => {
      this.typing.delete(slot);
      const stopped: ChatEvent = { ...event, isTyping: false, expiresAt: null };
      this.sendTo(message.users, formatEvent(stopped, null), null);
    }, this.options.typingTtlMs);
    timer.unref();
    this.typing.set(slot, timer);
  }
}
