import { TYPING_TTL_MS } from '@canopy/portal-contract';
import fp from 'fastify-plugin';
import { createChatBus, type ChatBus } from './chat-bus.ts';
import { liveSessionIds } from '../auth/sessions.repository.ts';
import { pruneEvents } from './chat-events.repository.ts';
import { EventHub } from './event-hub.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's open event streams, fed by every instance through LISTEN/NOTIFY. */
    chatHub: EventHub;
    chatBus: ChatBus;
  }
}

export interface ChatPushOptions {
  /** How long typing lasts without a new signal (default TYPING_TTL_MS, 2 s). */
  typingTtlMs?: number;
  /** Comment lines on idle streams, under the usual 60 s proxy and NAT idle timeouts. */
  heartbeatMs?: number;
  /** Stored events older than this are dropped; a later reconnect gets `resync` instead. */
  eventRetentionSeconds?: number;
  /** How often open streams' sessions are checked; a signed-out or revoked one's stream ends. */
  sessionCheckMs?: number;
}

/** Push for chat: the bus listener, the hub of local streams, and clean-up of old stored events. */
export default fp<ChatPushOptions>(
  async (app, options) => {
    const hub = new EventHub({
      typingTtlMs: options.typingTtlMs ?? TYPING_TTL_MS,
      heartbeatMs: options.heartbeatMs ?? 25_000,
    });
    const bus = createChatBus(app.database, app.log);
    bus.onMessage((message) => hub.dispatch(message));
    // A lost LISTEN connection: every stream reads what it missed from the stored events.
    bus.onResync(() => hub.catchUp());
    bus.onStreamOpened(({ userId, streamId }) => hub.streamOpened(userId, streamId));
    app.decorate('chatHub', hub);
    app.decorate('chatBus', bus);

    const retention = options.eventRetentionSeconds ?? 24 * 60 * 60;
    const prune = setInterval(
      () => void pruneEvents(app.db, retention).catch(() => undefined),
      60 * 60 * 1000,
    );
    prune.unref();

    // A stream's session is checked in one query for all streams: soon after any session change
    // is announced (sign-out, revocation, deletion), and every `sessionCheckMs` as a safety net
    // (a change made in SQL without an announcement).
    let checking = false;
    let checkAgain = false;
    const checkSessions = () => {
      const ids = hub.sessionIds();
      if (ids.length === 0) return;
      if (checking) return void (checkAgain = true);
      checking = true;
      liveSessionIds(app.db, ids)
        .then((live) => hub.closeEndedSessions(ids, live))
        .catch(() => undefined)
        .finally(() => {
          checking = false;
          if (checkAgain) {
            checkAgain = false;
            checkSessions();
          }
        });
    };
    app.sessionCache.onChanged(checkSessions);
    const sessionCheck = setInterval(checkSessions, options.sessionCheckMs ?? 15_000);
    sessionCheck.unref();

    // Open streams would keep close() waiting: end them first, then stop listening.
    app.addHook('preClose', (done) => {
      clearInterval(prune);
      clearInterval(sessionCheck);
      hub.closeAll();
      done();
    });
    app.addHook('onClose', async () => {
      await bus.close();
    });
    await bus.ready;
  },
  { name: 'chat-push', dependencies: ['db', 'session-cache'] },
);
