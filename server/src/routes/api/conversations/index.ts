import { endpoints } from '@canopy/portal-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  getConversation,
  markMessagesRead,
  signalTyping,
  toggleMessageReaction,
} from '../../../modules/chat/chat.service.ts';
import { principalOf } from '../../../plugins/app/authenticate.ts';
import { routeOf } from '../../route-of.ts';

const conversations: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(app, endpoints.getConversation),
    handler: (request) =>
      getConversation(
        app.chat,
        principalOf(request),
        request.params.conversationKey,
        request.query.before,
      ),
  });

  app.route({
    ...routeOf(app, endpoints.markConversationRead),
    handler: (request) =>
      markMessagesRead(
        app.chat,
        principalOf(request),
        request.params.conversationKey,
        request.body.messageIds,
      ),
  });

  // The typing signal, and its original path that older clients still call (not published).
  for (const declaration of [endpoints.sendTyping, endpoints.sendTypingAtOldPath]) {
    app.route({
      ...routeOf(app, declaration),
      handler: (request) =>
        signalTyping(app.chat, principalOf(request), request.params.conversationKey, request.body),
    });
  }

  app.route({
    ...routeOf(app, endpoints.toggleReaction),
    handler: (request) =>
      toggleMessageReaction(
        app.chat,
        principalOf(request),
        request.params.messageId,
        request.body.emoji,
      ),
  });
};

export default conversations;
