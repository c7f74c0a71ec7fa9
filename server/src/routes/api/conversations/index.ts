import {
  Conversation,
  ConversationKeyParams,
  ConversationQuery,
  ErrorBody,
  MarkReadRequest,
  MarkReadResult,
  MessageIdParams,
  Ok,
  ReactionRequest,
  ReactionResult,
  TypingRequest,
} from '@canopy/portal-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  getConversation,
  markMessagesRead,
  signalTyping,
  toggleMessageReaction,
} from '../../../modules/chat/chat.service.ts';
import { principalOf } from '../../../plugins/app/authenticate.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 503: ErrorBody };

const conversations: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/key/:conversationKey',
    {
      config: { access: 'tenant-user' },
      schema: {
        tags: ['chat'],
        operationId: 'getConversation',
        summary:
          'A conversation: its newest 200 messages (or those before `before`); 404 when none exists yet',
        params: ConversationKeyParams,
        querystring: ConversationQuery,
        response: { 200: Conversation, ...errors },
      },
    },
    async (request) =>
      getConversation(
        app.chat,
        principalOf(request),
        request.params.conversationKey,
        request.query.before,
      ),
  );

  app.post(
    '/key/:conversationKey/read',
    {
      config: { access: 'tenant-user' },
      schema: {
        tags: ['chat'],
        operationId: 'markConversationRead',
        summary: "Mark messages read (only the other person's messages of this conversation)",
        params: ConversationKeyParams,
        body: MarkReadRequest,
        response: { 200: MarkReadResult, ...errors },
      },
    },
    async (request) =>
      markMessagesRead(
        app.chat,
        principalOf(request),
        request.params.conversationKey,
        request.body.messageIds,
      ),
  );

  // The typing signal lives under /key/ like the conversation's other routes. The first API put it
  // at /{conversationKey}/typing, which an OpenAPI reader cannot tell apart from /key/{…}; that
  // path still answers (older clients) but is left out of the published document.
  for (const [path, published] of [
    ['/key/:conversationKey/typing', true],
    ['/:conversationKey/typing', false],
  ] as const) {
    app.post(
      path,
      {
        config: { access: 'tenant-user' },
        schema: {
          tags: ['chat'],
          ...(published
            ? {
                operationId: 'sendTyping',
                summary:
                  'Typing signal (ephemeral; off 2 s after the last one). userId must be yours',
              }
            : { hide: true }),
          params: ConversationKeyParams,
          body: TypingRequest,
          response: { 200: Ok, ...errors },
        },
      },
      async (request) =>
        signalTyping(app.chat, principalOf(request), request.params.conversationKey, request.body),
    );
  }

  app.post(
    '/messages/:messageId/reactions',
    {
      config: { access: 'tenant-user' },
      schema: {
        tags: ['chat'],
        operationId: 'toggleReaction',
        summary: 'Toggle one of the six reactions on a message',
        params: MessageIdParams,
        body: ReactionRequest,
        response: { 200: ReactionResult, ...errors },
      },
    },
    async (request) =>
      toggleMessageReaction(
        app.chat,
        principalOf(request),
        request.params.messageId,
        request.body.emoji,
      ),
  );
};

export default conversations;
