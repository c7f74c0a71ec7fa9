import {
  ChatMessage,
  ChatMessageList,
  ConversationKeyParams,
  ErrorBody,
  MessagesQuery,
} from '@canopy/portal-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../errors.ts';
import { listMessages, sendMessage } from '../../../modules/chat/chat.service.ts';
import { principalOf } from '../../../plugins/app/authenticate.ts';
import { readSendRequest } from './read-send-request.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 503: ErrorBody };

const ImageParams = ConversationKeyParams.extend({
  imageKey: z.string().regex(/^chat-[0-9a-f-]{36}\.(png|jpg|gif|webp)$/, 'Unknown image'),
});
const ImageQuery = z.object({
  expires: z.coerce.number().int().positive(),
  signature: z.string().min(1).max(100),
});

const messages: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:conversationKey',
    {
      // Polled every 3 s by every open widget: exempt from the per-address limit, which an
      // office behind one NAT address would otherwise exhaust. It is one indexed query.
      config: { access: 'tenant-user', rateLimit: false },
      schema: {
        tags: ['chat'],
        operationId: 'listMessages',
        summary: 'Messages after a cursor (the widget polls this every 3 s)',
        description:
          '`since` is the ISO `createdAt` of the newest message the caller holds, or the cursor of ' +
          'the `X-Next-Cursor` header. Returns everything strictly after it, oldest first, at most ' +
          '200; `X-Has-More: true` means call again with `X-Next-Cursor`.',
        params: ConversationKeyParams,
        querystring: MessagesQuery,
        response: { 200: ChatMessageList, ...errors },
      },
    },
    async (request, reply) => {
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
  );

  app.post(
    '/:conversationKey',
    {
      config: { access: 'tenant-user' },
      schema: {
        tags: ['chat'],
        operationId: 'sendMessage',
        summary: 'Send a message (multipart: content, optional image, optional clientId)',
        description:
          "`clientId` (the widget's temporary id) makes the send idempotent: a retry with the same " +
          'one answers 200 with the message already stored instead of storing a copy. Images are ' +
          'PNG, JPEG, GIF or WebP by their bytes, at most 10 MB.',
        consumes: ['multipart/form-data', 'application/json'],
        params: ConversationKeyParams,
        response: { 200: ChatMessage, 201: ChatMessage, 413: ErrorBody, 415: ErrorBody, ...errors },
      },
    },
    async (request, reply) => {
      const input = await readSendRequest(request);
      const { message, created } = await sendMessage(
        app.chat,
        principalOf(request),
        request.params.conversationKey,
        input,
      );
      return reply.code(created ? 201 : 200).send(message);
    },
  );

  app.get(
    '/:conversationKey/images/:imageKey',
    {
      // An <img> cannot send the bearer header: the signed, expiring link is the permission,
      // and only the conversation's two participants are ever handed it.
      config: { access: 'public' },
      schema: {
        tags: ['chat'],
        operationId: 'getChatImage',
        summary: 'A chat image, through the signed link in the message',
        security: [],
        params: ImageParams,
        querystring: ImageQuery,
      },
    },
    async (request, reply) => {
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
  );
};

export default messages;
