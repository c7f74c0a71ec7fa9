import { endpoints } from '@canopy/portal-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../../errors.ts';
import { listMessages, sendMessage } from '../../../modules/chat/chat.service.ts';
import { principalOf } from '../../../plugins/app/authenticate.ts';
import { routeOf } from '../../route-of.ts';
import { readSendRequest } from './read-send-request.ts';

const messages: FastifyPluginAsyncZod = async (app) => {
  const list = routeOf(app, endpoints.listMessages);
  app.route({
    ...list,
    // Polled every 3 s by every open widget: exempt from the per-address limit, which an
    // office behind one NAT address would otherwise exhaust. It is one indexed query.
    config: { ...list.config, rateLimit: false },
    handler: async (request, reply) => {
      const page = await listMessages(
        app.chat,
        principalOf(request),
        request.params.conversationKey,
        request.query.since,
      );
      if (page.nextCursor) reply.header('x-next-cursor', page.nextCursor);
      reply.header('x-has-more', String(page.hasMore));
      reply.header('cache-control', 'no-store');
      return page.messages;
    },
  });

  app.route({
    ...routeOf(app, endpoints.sendMessage),
    handler: async (request, reply) => {
      const input = await readSendRequest(request);
      const { message, created } = await sendMessage(
        app.chat,
        principalOf(request),
        request.params.conversationKey,
        input,
      );
      return reply.code(created ? 201 : 200).send(message);
    },
  });

  // Public: an <img> cannot send the bearer header, so the signed, expiring link is the
  // permission, and only the conversation's two participants are ever handed it.
  app.route({
    ...routeOf(app, endpoints.getChatImage),
    handler: async (request, reply) => {
      const { conversationKey, imageKey } = request.params;
      const { expires, signature } = request.query;
      const urls = app.chat.imageUrls;
      if (!urls.verify(conversationKey.toLowerCase(), imageKey, expires, signature))
        throw new AppError('FILE_NOT_FOUND');
      const object = await app.storage.get(imageKey);
      if (!object) throw new AppError('FILE_NOT_FOUND');
      const extension = imageKey.slice(imageKey.lastIndexOf('.') + 1);
      return reply
        .header('content-type', extension === 'jpg' ? 'image/jpeg' : `image/${extension}`)
        .header('content-length', String(object.size))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('content-disposition', `inline; filename="${imageKey}"`)
        .header(
          'cache-control',
          `private, max-age=${Math.max(0, Math.floor((expires - Date.now()) / 1000))}`,
        )
        .send(object.body);
    },
  });
};

export default messages;
