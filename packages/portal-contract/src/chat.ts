import { z } from 'zod';
import { Id } from './common.ts';

/** The six reactions: thumbs up, heart, laugh, surprised, sad, angry. */
export const REACTION_EMOJIS = ['👍', '❤️', '😂', '😮', '😢', '😠'] as const;
export const ReactionEmoji = z.enum(REACTION_EMOJIS);
export type ReactionEmoji = z.infer<typeof ReactionEmoji>;

/** Longest message text, after trimming. */
export const MAX_MESSAGE_LENGTH = 4000;
/** Most messages one `since` poll returns; the `X-Next-Cursor` header continues from there. */
export const MESSAGES_PAGE_SIZE = 200;
/** Typing state ends this long after the last "typing" signal. */
export const TYPING_TTL_MS = 2000;

/** The two user ids, sorted, joined with an underscore: the same key whichever of the two asks. */
export const ConversationKey = z
  .string()
  .regex(
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
    'Must be two user ids joined with an underscore',
  );

/** Builds the key the way the widget does: both ids sorted, joined with `_`. */
export const conversationKeyOf = (a: string, b: string) =>
  [a.toLowerCase(), b.toLowerCase()].sort().join('_');

export const ConversationKeyParams = z.object({ conversationKey: ConversationKey });
export const MessageIdParams = z.object({ messageId: Id });

/**
 * `since`: an ISO timestamp (the newest `createdAt` the widget holds), or the opaque cursor
 * of an `X-Next-Cursor` header (`c` and digits). Either way the answer is everything strictly after.
 */
export const SinceCursor = z.union([
  z.iso.datetime({ offset: true }),
  z.string().regex(/^c\d{1,18}$/, 'Must be an ISO timestamp or a cursor'),
]);
export const MessagesQuery = z.object({ since: SinceCursor.optional() });
export type MessagesQuery = z.infer<typeof MessagesQuery>;

export const ChatMessage = z.object({
  id: Id,
  conversationId: Id,
  senderId: Id,
  content: z.string(),
  /** A signed, expiring URL only the two participants are handed; null without an image. */
  imageUrl: z.string().nullable(),
  createdAt: z.string(),
  /** The sender, and the recipient once they have read it (two entries: the double tick). */
  readBy: z.array(z.object({ id: Id })),
  reactions: z.array(z.object({ emoji: ReactionEmoji, user: z.object({ email: z.string() }) })),
  /** Opaque cursor of this message, usable as `since`. */
  cursor: z.string(),
});
export type ChatMessage = z.infer<typeof ChatMessage>;

export const ChatMessageList = z.array(ChatMessage);
export const Conversation = z.object({
  messages: ChatMessageList,
  /** Older messages exist: ask again with `before` = the first message's cursor. */
  hasEarlier: z.boolean(),
});

/** `before`: a message's cursor; the answer is the newest page strictly older than it. */
export const ConversationQuery = z.object({
  before: z
    .string()
    .regex(/^c\d{1,18}$/, 'Must be a message cursor')
    .optional(),
});

/**
 * The text fields of the multipart send (the image is the file part `image`). `clientId` is the
 * widget's temporary id: a retry with the same one returns the first message instead of a copy.
 */
export const SendMessageFields = z.object({
  content: z.string().max(20_000).default(''),
  clientId: z
    .string()
    .regex(/^[A-Za-z0-9._:-]{1,100}$/, 'Must be 1 to 100 letters, digits or . _ : -')
    .optional(),
});
export type SendMessageFields = z.infer<typeof SendMessageFields>;

export const MarkReadRequest = z.object({ messageIds: z.array(Id).max(1000) });
export const MarkReadResult = z.object({ ok: z.literal(true), updated: z.number().int() });

export const TypingRequest = z.object({ userId: Id, isTyping: z.boolean() });

export const ReactionRequest = z.object({ emoji: ReactionEmoji });
export const ReactionResult = z.object({ action: z.enum(['added', 'removed']) });

/** `POST /api/events/ticket`: a single-use ticket for `GET /api/events?ticket=…` (EventSource). */
export const StreamTicket = z.object({ ticket: z.string(), expiresAt: z.string() });
export const EventsQuery = z.object({
  ticket: z.string().min(1).max(128),
  /** For a new EventSource after a spent ticket (it can only send the header on auto-reconnect). */
  lastEventId: z.string().max(20).optional(),
});

/** `GET /api/messages/{conversationKey}/images/{imageKey}`: the names the server gives images. */
export const ChatImageParams = ConversationKeyParams.extend({
  imageKey: z.string().regex(/^chat-[0-9a-f-]{36}\.(png|jpg|gif|webp)$/, 'Unknown image'),
});
/** The signature of an image link: only the conversation's two participants are handed one. */
export const ChatImageQuery = z.object({
  expires: z.coerce.number().int().positive(),
  signature: z.string().min(1).max(100),
});

/** What the stream carries in each event's `data` (the `event:` field names the kind). */
export type ChatEvent =
  | {
      kind: 'message';
      conversationKey: string;
      messageId: string;
      senderId: string;
      cursor: string;
      createdAt: string;
    }
  | {
      kind: 'read';
      conversationKey: string;
      readerId: string;
      /** At most 100; `more` says the list was cut and a reload shows the rest. */
      messageIds: string[];
      more: boolean;
    }
  | {
      kind: 'reaction';
      conversationKey: string;
      messageId: string;
      userId: string;
      emoji: ReactionEmoji;
      action: 'added' | 'removed';
    }
  | {
      kind: 'typing';
      conversationKey: string;
      userId: string;
      isTyping: boolean;
      expiresAt: string | null;
    };
