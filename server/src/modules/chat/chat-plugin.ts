import fp from 'fastify-plugin';
import { ChatImageUrls } from './chat-image-urls.ts';
import type { ChatDeps } from './chat.service.ts';
import { LatestMessages } from './latest-messages.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** What the chat services need, built once at start-up (the image URL signer derives a key). */
    chat: ChatDeps;
  }
}

/**
 * The chat module's services. The latest-message index follows the event bus, so a no-news poll
 * can skip the database while the bus is live, and forgets everything when the bus resyncs.
 */
export default fp(
  (app, _options, done) => {
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
    app.decorate('chat', {
      db: app.db,
      storage: app.storage,
      imageUrls: new ChatImageUrls(app.config.jwtSecret),
      latest,
    });
    done();
  },
  { name: 'chat', dependencies: ['config', 'db', 'services', 'chat-push'] },
);
