import {
  ChatContacts,
  ChatMessage,
  ChatMessageList,
  Conversation,
  ReactionResult,
  StreamTicket,
  type ReactionEmoji,
} from '@canopy/portal-contract';
import { ApiError, apiFetch } from '../../../shared/api/api-fetch.ts';

/** Teammates the signed-in person can chat with (the server leaves out nobody; we drop ourselves). */
export const fetchChatContacts = (tenantId: string) =>
  apiFetch(`/api/users/chat/${tenantId}`, { schema: ChatContacts });

/** The newest page of a conversation, or null when none exists yet (404: "Start the conversation"). */
export async function fetchConversation(key: string): Promise<ChatMessage[] | null> {
  try {
    const conversation = await apiFetch(`/api/conversations/key/${key}`, {
      schema: Conversation,
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
  apiFetch(`/api/conversations/key/${key}?before=${encodeURIComponent(before)}`, {
    schema: Conversation,
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
  const query = since ? `?since=${encodeURIComponent(since)}` : '';
  const messages = await apiFetch(`/api/messages/${key}${query}`, {
    schema: ChatMessageList,
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
  return apiFetch(`/api/messages/${key}`, { method: 'POST', form, schema: ChatMessage });
}

export const markMessagesRead = (key: string, messageIds: string[]) =>
  apiFetch(`/api/conversations/key/${key}/read`, { method: 'POST', body: { messageIds } });

export const signalTyping = (key: string, userId: string, isTyping: boolean) =>
  apiFetch(`/api/conversations/key/${key}/typing`, { method: 'POST', body: { userId, isTyping } });

export const toggleReaction = (messageId: string, emoji: ReactionEmoji) =>
  apiFetch(`/api/conversations/messages/${messageId}/reactions`, {
    method: 'POST',
    body: { emoji },
    schema: ReactionResult,
  });

/** A single-use ticket for the event stream (EventSource cannot send the bearer header). */
export const fetchStreamTicket = () =>
  apiFetch('/api/events/ticket', { method: 'POST', schema: StreamTicket });
