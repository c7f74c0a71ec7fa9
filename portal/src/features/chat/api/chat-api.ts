import { endpoints, type ChatMessage, type ReactionEmoji } from '@canopy/portal-contract';
import { call } from '../../../shared/api/api-client.ts';
import { ApiError } from '../../../shared/api/api-fetch.ts';

/** Teammates the signed-in person can chat with (the server leaves out nobody; we drop ourselves). */
export const fetchChatContacts = (tenantId: string) =>
  call(endpoints.listChatContacts, { params: { tenantId } });

/** The newest page of a conversation, or null when none exists yet (404: "Start the conversation"). */
export async function fetchConversation(key: string): Promise<ChatMessage[] | null> {
  try {
    const conversation = await call(endpoints.getConversation, {
      params: { conversationKey: key },
      cache: 'no-store',
    });
    return conversation.messages;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** The page just older than the message with cursor `before` (the "Load earlier messages" button). */
export const fetchEarlierMessages = (key: string, before: string) =>
  call(endpoints.getConversation, {
    params: { conversationKey: key },
    query: { before },
    cache: 'no-store',
  });

export interface MessagesPage {
  messages: ChatMessage[];
  /** `X-Next-Cursor`: where the next poll continues (null when the server sent none). */
  nextCursor: string | null;
  /** `X-Has-More`: more than one page was waiting; ask again at once. */
  hasMore: boolean;
}

/** Everything strictly after `since` (an ISO time or a `c…` cursor), oldest first, one page. */
export async function fetchMessagesSince(key: string, since: string | null): Promise<MessagesPage> {
  let nextCursor: string | null = null;
  let hasMore = false;
  const messages = await call(endpoints.listMessages, {
    params: { conversationKey: key },
    query: { since: since ?? undefined },
    cache: 'no-store',
    onHeaders: (headers) => {
      nextCursor = headers.get('x-next-cursor');
      hasMore = headers.get('x-has-more') === 'true';
    },
  });
  return { messages, nextCursor, hasMore };
}

/**
 * Multipart: content, clientId and an optional image; `clientId` makes a retry return the first
 * copy.
 */
export function sendChatMessage(
  key: string,
  input: { content: string; image: File | null; clientId: string },
) {
  const form = new FormData();
  form.append('content', input.content);
  form.append('clientId', input.clientId);
  if (input.image) form.append('image', input.image);
  return call(endpoints.sendMessage, { params: { conversationKey: key }, form });
}

export const markMessagesRead = (key: string, messageIds: string[]) =>
  call(endpoints.markConversationRead, { params: { conversationKey: key }, body: { messageIds } });

export const signalTyping = (key: string, userId: string, isTyping: boolean) =>
  call(endpoints.sendTyping, { params: { conversationKey: key }, body: { userId, isTyping } });

export const toggleReaction = (messageId: string, emoji: ReactionEmoji) =>
  call(endpoints.toggleReaction, { params: { messageId }, body: { emoji } });

/** A single-use ticket for the event stream (EventSource cannot send the bearer header). */
export const fetchStreamTicket = () => call(endpoints.createEventStreamTicket);
