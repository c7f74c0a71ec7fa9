import type { ChatEvent } from '@canopy/portal-contract';
import type { BusMessage } from './chat-events.repository.ts';

/** One open event stream of one person (an SSE response, or anything that takes text). */
export interface StreamClient {
  userId: string;
  /** The sign-in session the stream was opened under: it ends when that session does. */
  sessionId: string;
  /** `seq` is the stored event's sequence (null for typing, heartbeats and resync). */
  write(chunk: string, seq: number | null): void;
  close(): void;
}

export interface EventHubOptions {
  heartbeatMs: number;
  typingTtlMs: number;
}

/** The SSE wire format of one event; typing has no id, so it never moves `Last-Event-ID`. */
export function formatEvent(message: BusMessage): string {
  const id = message.seq === null ? '' : `id: ${message.seq}\n`;
  return `${id}event: ${message.event.kind}\ndata: ${JSON.stringify(message.event)}\n\n`;
}

/**
 * This instance's open streams, by person. Every bus message goes to the streams of its two
 * participants only. Typing is kept here as ephemeral state: a "typing" signal not renewed within
 * the TTL is followed by a "stopped typing" event, so a closed tab never leaves the dots on.
 */
export class EventHub {
  private readonly streams = new Map<string, Set<StreamClient>>();
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
    return () => {
      set.delete(client);
      if (set.size === 0 && this.streams.get(client.userId) === set)
        this.streams.delete(client.userId);
    };
  }

  /** Delivers a bus message to the local streams of its participants. */
  dispatch(message: BusMessage): void {
    if (message.event.kind === 'typing') this.trackTyping(message);
    this.sendTo(message.users, formatEvent(message), message.seq);
  }

  /** After a gap in notifications: every stream is told to reload (the poll has the truth). */
  resync(): void {
    this.broadcast(`event: resync\ndata: {}\n\n`);
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
      const stopped: BusMessage = {
        seq: null,
        users: message.users,
        event: { ...event, isTyping: false, expiresAt: null },
      };
      this.sendTo(message.users, formatEvent(stopped), null);
    }, this.options.typingTtlMs);
    timer.unref();
    this.typing.set(slot, timer);
  }
}
