import type { FastifyInstance } from 'fastify';
import { ChatImageUrls } from './chat-image-urls.ts';
import { LatestMessages } from './latest-messages.ts';
import type { ChatDeps } from './chat.service.ts';

const cache = new WeakMap<FastifyInstance, ChatDeps>();

/** The chat service's dependencies for an app: built once (the URL signer derives its key). */
export function chatDeps(app: FastifyInstance): ChatDeps {
  let deps = cache.get(app);
  if (!deps) {
    const bus = app.chatBus;
    const latest = new LatestMessages(() => bus.live);
    bus.onMessage(({ event }) => {
      if (event.kind === 'message') {
        latest.noteMessage(event.conversationKey, {
          seq: Number(event.cursor.slice(1)),
          createdAtMs: Date.parse(event.createdAt),
        });
      }
    });
    bus.onResync(() => latest.forgetAll());
    deps = {
      db: app.db,
      storage: app.storage,
      imageUrls: new ChatImageUrls(app.config.jwtSecret),
      latest,
    };
    cache.set(app, deps);
  }
  return deps;
}
