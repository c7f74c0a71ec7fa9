import fp from 'fastify-plugin';
import { listenOnChannel } from '../../db/pg-listener.ts';
import { SessionCache } from '../../modules/auth/session-cache.ts';
import {
  decodeSessionChange,
  localSessionChanges,
  SESSIONS_CHANNEL,
} from '../../modules/auth/session-changes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's live sessions, kept current by every instance's change notifications. */
    sessionCache: SessionCache;
  }
}

export interface SessionCacheOptions {
  /** How long an entry may be used without a change being announced (a safety net). */
  maxAgeMs?: number;
  maxEntries?: number;
}

/**
 * The per-instance session cache and the LISTEN that keeps it true: every notification on the
 * sessions channel evicts what it names, and while the connection is down the cache is empty and
 * bypassed (requests read the database) until listening resumes.
 */
export default fp<SessionCacheOptions>(
  async (app, options) => {
    // The listener is created below; the cache asks it whether it is live at each use.
    let live = () => false;
    const cache = new SessionCache({
      isLive: () => live(),
      maxAgeMs: options.maxAgeMs,
      maxEntries: options.maxEntries,
    });
    const listener = listenOnChannel(
      app.database,
      SESSIONS_CHANNEL,
      {
        onNotify: (payload) => {
          const change = decodeSessionChange(payload);
          if (change) cache.changed(change);
        },
        onGap: () => cache.clear(),
      },
      app.log,
    );
    live = () => listener.live;
    app.decorate('sessionCache', cache);
    // A change this request makes is known to this instance's cache before it commits.
    app.addHook('onRequest', (_request, _reply, done) => localSessionChanges.run(cache, done));
    app.addHook('onClose', async () => {
      await listener.close();
    });
    await listener.ready;
  },
  { name: 'session-cache', dependencies: ['db'] },
);
