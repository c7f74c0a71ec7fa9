import type { FastifyInstance } from 'fastify';
import { ChatImageUrls } from './chat-image-urls.ts';
import type { ChatDeps } from './chat.service.ts';

const cache = new WeakMap<FastifyInstance, ChatDeps>();

/** The chat service's dependencies for an app: built once (the URL signer derives its key). */
export function chatDeps(app: FastifyInstance): ChatDeps {
  let deps = cache.get(app);
  if (!deps) {
    deps = { db: app.db, storage: app.storage, imageUrls: new ChatImageUrls(app.config.jwtSecret) };
    cache.set(app, deps);
  }
  return deps;
}
