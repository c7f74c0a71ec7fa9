import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { Db } from '../../db/database.ts';
import { eventsAfter, lastEventSeq, notify } from './chat-events.repository.ts';
import type { EventHub } from './event-hub.ts';
import { OrderedStream } from './ordered-stream.ts';

/** Unsent bytes a stream may hold before it is closed. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

export interface EventStreamDeps {
  db: Db;
  hub: EventHub;
  /** A stream lives no longer than the access token that could have opened it. */
  lifetimeMs: number;
}

/**
 * Serves one person's event stream, taking the HTTP connection over from the framework: joins the hub before reading where to start, so nothing committed in between goes unheard;
 * drops a reader that stopped reading rather than buffering without bound (it reconnects with
 * Last-Event-ID and gets the replay); ends at the lifetime; and tells every instance it opened,
 * so the oldest of a person's streams can be closed.
 */
export async function serveEventStream(
  deps: EventStreamDeps,
  who: { userId: string; sessionId: string; lastEventId: number | null },
  reply: { raw: ServerResponse; hijack(): void },
): Promise<void> {
  const { db, hub } = deps;
  const { raw } = reply;
  const { userId, sessionId } = who;
  const stream = new OrderedStream({
    id: randomUUID(),
    userId,
    sessionId,
    send: (chunk) => {
      if (raw.writableEnded || raw.destroyed) return;
      if (raw.writableLength > MAX_BUFFERED_BYTES) raw.destroy();
      else raw.write(chunk);
    },
    end: () => raw.end(),
    readAfter: (afterSeq, limit) => eventsAfter(db, userId, afterSeq, limit),
    readLast: () => lastEventSeq(db, userId),
  });
  const remove = hub.add(stream);
  try {
    await stream.locate(who.lastEventId);
  } catch (error) {
    remove();
    throw error;
  }

  // Only now does the stream take the connection over: a failure above is still a clean error.
  reply.hijack();
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    'x-accel-buffering': 'no',
    connection: 'keep-alive',
  });
  raw.on('error', () => undefined);
  raw.write('retry: 3000\n\n');
  const lifetime = setTimeout(() => stream.close(), deps.lifetimeMs);
  lifetime.unref();
  raw.on('close', () => {
    clearTimeout(lifetime);
    remove();
  });
  if (raw.destroyed) remove();
  await notify(db, { userId, streamId: stream.id }).catch(() => undefined);
  await stream.resume();
}
