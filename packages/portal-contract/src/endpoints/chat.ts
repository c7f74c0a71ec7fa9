import {
  ChatImageParams,
  ChatImageQuery,
  ChatMessage,
  ChatMessageList,
  Conversation,
  ConversationKeyParams,
  ConversationQuery,
  EventsQuery,
  MarkReadRequest,
  MarkReadResult,
  MessageIdParams,
  MessagesQuery,
  ReactionRequest,
  ReactionResult,
  StreamTicket,
  TypingRequest,
} from '../chat.ts';
import { Ok, TenantIdParams } from '../common.ts';
import { endpoint, errors } from '../endpoint.ts';
import { FileKeyParams } from '../tenants.ts';
import { ChatContacts } from '../users.ts';

const tags = ['chat'];
const access = 'tenant-user';
const failures = errors(400, 401, 403, 404, 503);

const typing = {
  method: 'POST',
  tags,
  access,
  params: ConversationKeyParams,
  body: TypingRequest,
  responses: { 200: Ok, ...failures },
} as const;

/**
 * The team chat between two people of one tenant: contacts, conversations, messages and their
 * images, the event stream and its ticket; and the stored logos, served by unguessable name.
 */
export const chatEndpoints = {
  listChatContacts: endpoint({
    operationId: 'listChatContacts',
    method: 'GET',
    path: '/api/users/chat/:tenantId',
    summary: 'Whom the caller can chat with: the other people of their tenant',
    tags: ['users'],
    // The team chat is between people of one tenant: super administrators have none.
    access,
    params: TenantIdParams,
    responses: { 200: ChatContacts, ...errors(400, 401, 403, 404) },
  }),
  getConversation: endpoint({
    operationId: 'getConversation',
    method: 'GET',
    path: '/api/conversations/key/:conversationKey',
    summary:
      'A conversation: its newest 200 messages (or those before `before`); 404 when none exists yet',
    tags,
    access,
    params: ConversationKeyParams,
    query: ConversationQuery,
    responses: { 200: Conversation, ...failures },
  }),
  markConversationRead: endpoint({
    operationId: 'markConversationRead',
    method: 'POST',
    path: '/api/conversations/key/:conversationKey/read',
    summary: "Mark messages read (only the other person's messages of this conversation)",
    tags,
    access,
    params: ConversationKeyParams,
    body: MarkReadRequest,
    responses: { 200: MarkReadResult, ...failures },
  }),
  sendTyping: endpoint({
    ...typing,
    operationId: 'sendTyping',
    path: '/api/conversations/key/:conversationKey/typing',
    summary: 'Typing signal (ephemeral; off 2 s after the last one). userId must be yours',
  }),
  // The first API put the typing signal at /{conversationKey}/typing, which an OpenAPI reader
  // cannot tell apart from /key/{…}; it still answers (older clients) but is not published.
  sendTypingAtOldPath: endpoint({
    ...typing,
    operationId: 'sendTypingAtOldPath',
    path: '/api/conversations/:conversationKey/typing',
    summary: 'Typing signal at its original path (older clients)',
    hide: true,
  }),
  toggleReaction: endpoint({
    operationId: 'toggleReaction',
    method: 'POST',
    path: '/api/conversations/messages/:messageId/reactions',
    summary: 'Toggle one of the six reactions on a message',
    tags,
    access,
    params: MessageIdParams,
    body: ReactionRequest,
    responses: { 200: ReactionResult, ...failures },
  }),
  listMessages: endpoint({
    operationId: 'listMessages',
    method: 'GET',
    path: '/api/messages/:conversationKey',
    summary: 'Messages after a cursor (the widget polls this every 3 s)',
    description:
      '`since` is the ISO `createdAt` of the newest message the caller holds, or the cursor of ' +
      'the `X-Next-Cursor` header. Returns everything strictly after it, oldest first, at most ' +
      '200; `X-Has-More: true` means call again with `X-Next-Cursor`.',
    tags,
    access,
    params: ConversationKeyParams,
    query: MessagesQuery,
    responses: { 200: ChatMessageList, ...failures },
  }),
  sendMessage: endpoint({
    operationId: 'sendMessage',
    method: 'POST',
    path: '/api/messages/:conversationKey',
    summary: 'Send a message (multipart: content, optional image, optional clientId)',
    description:
      "`clientId` (the widget's temporary id) makes the send idempotent: a retry with the same " +
      'one answers 200 with the message already stored instead of storing a copy. Images are ' +
      'PNG, JPEG, GIF or WebP by their bytes, at most 10 MB.',
    tags,
    access,
    consumes: ['multipart/form-data', 'application/json'],
    params: ConversationKeyParams,
    responses: { 200: ChatMessage, 201: ChatMessage, ...errors(413, 415), ...failures },
  }),
  getChatImage: endpoint({
    operationId: 'getChatImage',
    method: 'GET',
    path: '/api/messages/:conversationKey/images/:imageKey',
    summary: 'A chat image, through the signed link in the message',
    tags,
    // An <img> cannot send the bearer header: the signed, expiring link is the permission.
    access: 'public',
    params: ChatImageParams,
    query: ChatImageQuery,
    responses: {},
  }),
  createEventStreamTicket: endpoint({
    operationId: 'createEventStreamTicket',
    method: 'POST',
    path: '/api/events/ticket',
    summary: 'A single-use ticket (valid 60 s) to open the event stream',
    tags,
    access,
    responses: { 200: StreamTicket, ...errors(401, 403, 503) },
  }),
  openEventStream: endpoint({
    operationId: 'openEventStream',
    method: 'GET',
    path: '/api/events',
    summary: 'Server-sent events: message, read, reaction, typing (and resync)',
    description:
      'Open with `new EventSource("/api/events?ticket=…")`. Stored events carry an `id`: the ' +
      "event's number in the caller's own list, sent in order, each once. A reconnect with " +
      '`Last-Event-ID` (or `lastEventId`) replays what was missed; a `resync` event means ' +
      'that was not possible (too old): reload the open conversation. Comment lines every ' +
      '25 s keep the connection open. A person holds at most 10 streams: opening another ' +
      'ends the oldest with `event: ended` (`{"reason":"superseded"}`), after which the client ' +
      'should not reconnect. The stream also ends when the access token would expire, and ' +
      'soon after its sign-in session ends (sign-out, revocation); get a new ticket then.',
    tags,
    // The ticket in the query is the credential (EventSource sends no headers).
    access: 'public',
    query: EventsQuery,
    responses: errors(401, 503),
  }),
  getFile: endpoint({
    operationId: 'getFile',
    method: 'GET',
    path: '/api/files/:key',
    summary: 'A stored logo',
    tags: ['uploads'],
    access: 'public',
    params: FileKeyParams,
    responses: {},
  }),
};
