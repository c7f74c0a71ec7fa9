import { randomUUID } from 'node:crypto';
import {
  MAX_MESSAGE_LENGTH,
  MESSAGES_PAGE_SIZE,
  TYPING_TTL_MS,
  type ChatMessage,
  type ReactionEmoji,
} from '@canopy/portal-contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { Principal } from '../../shared/principal.ts';
import { notify, recordEvent } from '../events/chat-events.repository.ts';
import type { ImageType } from '../storage/image-type.ts';
import type { Storage } from '../storage/storage.ts';
import type { ChatImageUrls } from './chat-image-urls.ts';
import type { LatestMessages } from './latest-messages.ts';
import {
  findConversationId,
  findMessageByClientId,
  lockParticipantMessage,
  insertMessage,
  isChatPartner,
  lockConversation,
  markRead,
  readLatest,
  readPage,
  toggleReaction,
  type Cursor,
  type Pair,
} from './chat.repository.ts';
import { cursorOf, toMessageDto } from './message-dto.ts';

export interface ChatDeps {
  db: Kysely<Database>;
  storage: Storage;
  imageUrls: ChatImageUrls;
  /** Lets no-news polls skip the database (see latest-messages.ts). */
  latest?: LatestMessages;
}

/**
 * The conversation a key names, from the caller's side. Every way a key can be wrong for this
 * caller (not one of the two, the other person unknown, of another tenant, a super administrator)
 * ends in the same 404, so a key never reveals whether someone exists elsewhere. Only the key's
 * own shape (400) and "yourself" (400) are told apart: neither says anything about anyone.
 */
export function pairOf(principal: Principal, conversationKey: string): Pair {
  const [first, second] = conversationKey.toLowerCase().split('_') as [string, string];
  if (first === second) throw new AppError('CANNOT_CHAT_WITH_YOURSELF');
  const [userA, userB] = first < second ? [first, second] : [second, first];
  if (principal.tenantId === null || (principal.userId !== userA && principal.userId !== userB))
    throw new AppError('CONVERSATION_NOT_FOUND');
  return {
    tenantId: principal.tenantId,
    key: `${userA}_${userB}`,
    userA,
    userB,
    partnerId: principal.userId === userA ? userB : userA,
  };
}

/** `since` as the widget sends it (ISO timestamp) or as the server hands it out (`c<seq>`). */
export function parseCursor(since: string | undefined): Cursor {
  if (since === undefined) return null;
  if (/^c\d+$/.test(since)) return { seq: Number(since.slice(1)) };
  return { after: new Date(since) };
}

export interface MessagePage {
  messages: ChatMessage[];
  /** Where the next poll continues: after the last message returned, or the given cursor. */
  nextCursor: string | null;
  hasMore: boolean;
}

/** Everything strictly after the cursor, in order, at most a page; one query. */
export async function listMessages(
  deps: ChatDeps,
  principal: Principal,
  conversationKey: string,
  since: string | undefined,
): Promise<MessagePage> {
  const pair = pairOf(principal, conversationKey);
  const cursor = parseCursor(since);
  if (cursor && deps.latest?.hasNothingAfter(pair.key, cursor))
    return { messages: [], nextCursor: since ?? null, hasMore: false };
  const epoch = deps.latest?.currentEpoch ?? 0;
  const page = await readPage(deps.db, pair, cursor, MESSAGES_PAGE_SIZE + 1);
  if (!page) throw new AppError('CONVERSATION_NOT_FOUND');
  const hasMore = page.messages.length > MESSAGES_PAGE_SIZE;
  const rows = hasMore ? page.messages.slice(0, MESSAGES_PAGE_SIZE) : page.messages;
  const last = rows.at(-1);
  // A read that reached the end tells where the conversation ends: at its last row, or (no rows)
  // at the cursor it was given.
  if (deps.latest && page.conversationId !== null && !hasMore) {
    const end = last
      ? { seq: Number(last.seq), createdAtMs: new Date(last.created_at).getTime() }
      : cursor === null
        ? null
        : 'seq' in cursor
          ? { seq: cursor.seq, createdAtMs: null }
          : { seq: null, createdAtMs: cursor.after.getTime() };
    if (end) deps.latest.learn(pair.key, end, epoch);
  }
  return {
    messages: rows.map((row) => toMessageDto(row, pair, deps.imageUrls)),
    nextCursor: last ? cursorOf(Number(last.seq)) : (since ?? null),
    hasMore,
  };
}

/**
 * The newest page of a conversation, or with `before` (a message's cursor) the page just older than
 * that message; 404 when no conversation exists yet (the widget's "Start" state).
 */
export async function getConversation(
  deps: ChatDeps,
  principal: Principal,
  conversationKey: string,
  before?: string,
): Promise<{ messages: ChatMessage[]; hasEarlier: boolean }> {
  const pair = pairOf(principal, conversationKey);
  const beforeSeq = before === undefined ? undefined : Number(before.slice(1));
  // One more than a page says whether anything older is left.
  const page = await readLatest(deps.db, pair, MESSAGES_PAGE_SIZE + 1, beforeSeq);
  if (!page || page.conversationId === null) throw new AppError('CONVERSATION_NOT_FOUND');
  const hasEarlier = page.messages.length > MESSAGES_PAGE_SIZE;
  const rows = hasEarlier ? page.messages.slice(1) : page.messages;
  return { messages: rows.map((row) => toMessageDto(row, pair, deps.imageUrls)), hasEarlier };
}

export interface NewMessage {
  content: string;
  clientId?: string;
  image?: { bytes: Buffer; type: ImageType };
}

/**
 * Stores a message (and its image) and notifies both participants. With a client id, a retry of
 * a send that already committed returns that message: nothing is ever stored twice. The image is
 * written first and removed again when the message does not commit (or already existed).
 */
export async function sendMessage(
  deps: ChatDeps,
  principal: Principal,
  conversationKey: string,
  input: NewMessage,
): Promise<{ message: ChatMessage; created: boolean }> {
  const pair = pairOf(principal, conversationKey);
  const content = input.content.trim();
  if (content.length > MAX_MESSAGE_LENGTH) throw new AppError('MESSAGE_TOO_LONG');
  if (content === '' && !input.image) throw new AppError('MESSAGE_EMPTY');
  if (!(await isChatPartner(deps.db, pair.tenantId, pair.partnerId)))
    throw new AppError('CONVERSATION_NOT_FOUND');

  let imageKey: string | null = null;
  if (input.image) {
    imageKey = `chat-${randomUUID()}.${input.image.type.extension}`;
    await deps.storage.put(imageKey, input.image.bytes, input.image.type.contentType);
  }
  const image = input.image;
  try {
    const result = await deps.db.transaction().execute(async (trx) => {
      const conversation = await lockConversation(trx, pair);
      if (input.clientId) {
        const existing = await findMessageByClientId(
          trx,
          conversation.id,
          principal.userId,
          input.clientId,
        );
        if (existing) return { row: existing, created: false };
      }
      const row = await insertMessage(trx, {
        conversationId: conversation.id,
        senderId: principal.userId,
        content,
        imageKey,
        clientId: input.clientId ?? null,
        createdAt: conversation.timestamp,
      });
      if (imageKey && image) {
        await trx
          .insertInto('files')
          .values({
            key: imageKey,
            content_type: image.type.contentType,
            size: image.bytes.length,
            purpose: 'chat-image',
            tenant_id: pair.tenantId,
            created_by: principal.userId,
          })
          .execute();
      }
      await recordEvent(trx, conversation.id, [pair.userA, pair.userB], {
        kind: 'message',
        conversationKey: pair.key,
        messageId: row.id,
        senderId: row.sender_id,
        cursor: cursorOf(Number(row.seq)),
        createdAt: new Date(row.created_at).toISOString(),
      });
      return { row, created: true };
    });
    // Committed: a poll here must see it at once, before the notification comes back round.
    if (result.created) {
      deps.latest?.noteMessage(pair.key, {
        seq: Number(result.row.seq),
        createdAtMs: new Date(result.row.created_at).getTime(),
      });
    }
    if (!result.created && imageKey) await deps.storage.delete(imageKey).catch(() => undefined);
    return { message: toMessageDto(result.row, pair, deps.imageUrls), created: result.created };
  } catch (error) {
    if (imageKey) await deps.storage.delete(imageKey).catch(() => undefined);
    throw error;
  }
}

/** Marks the listed messages read, only those the OTHER person sent in this conversation. */
export async function markMessagesRead(
  deps: ChatDeps,
  principal: Principal,
  conversationKey: string,
  messageIds: string[],
): Promise<{ ok: true; updated: number }> {
  const pair = pairOf(principal, conversationKey);
  if (!(await isChatPartner(deps.db, pair.tenantId, pair.partnerId)))
    throw new AppError('CONVERSATION_NOT_FOUND');
  const conversationId = await findConversationId(deps.db, pair);
  if (!conversationId || messageIds.length === 0) return { ok: true, updated: 0 };
  const unique = [...new Set(messageIds.map((id) => id.toLowerCase()))];
  const updated = await deps.db.transaction().execute(async (trx) => {
    const ids = await markRead(trx, conversationId, principal.userId, unique);
    if (ids.length > 0) {
      await recordEvent(trx, conversationId, [pair.userA, pair.userB], {
        kind: 'read',
        conversationKey: pair.key,
        readerId: principal.userId,
        messageIds: ids.slice(0, 100),
        more: ids.length > 100,
      });
    }
    return ids.length;
  });
  return { ok: true, updated };
}

/** Ephemeral: never stored, pushed to both participants, off by itself after the TTL. */
export async function signalTyping(
  deps: ChatDeps,
  principal: Principal,
  conversationKey: string,
  input: { userId: string; isTyping: boolean },
): Promise<{ ok: true }> {
  const pair = pairOf(principal, conversationKey);
  if (input.userId.toLowerCase() !== principal.userId) throw new AppError('FORBIDDEN');
  if (!(await isChatPartner(deps.db, pair.tenantId, pair.partnerId)))
    throw new AppError('CONVERSATION_NOT_FOUND');
  await notify(deps.db, {
    users: [pair.userA, pair.userB],
    seqs: null,
    event: {
      kind: 'typing',
      conversationKey: pair.key,
      userId: principal.userId,
      isTyping: input.isTyping,
      expiresAt: input.isTyping ? new Date(Date.now() + TYPING_TTL_MS).toISOString() : null,
    },
  });
  return { ok: true };
}

/**
 * Toggles one of the six reactions on a message of a conversation the caller takes part in. The
 * message row stays locked until commit, so simultaneous toggles take turns: each answers the state
 * it actually made, and "added" minus "removed" is what is stored.
 */
export async function toggleMessageReaction(
  deps: ChatDeps,
  principal: Principal,
  messageId: string,
  emoji: ReactionEmoji,
): Promise<{ action: 'added' | 'removed' }> {
  if (principal.tenantId === null) throw new AppError('MESSAGE_NOT_FOUND');
  const tenantId = principal.tenantId;
  return deps.db.transaction().execute(async (trx) => {
    const message = await lockParticipantMessage(trx, tenantId, principal.userId, messageId);
    if (!message) throw new AppError('MESSAGE_NOT_FOUND');
    const action = await toggleReaction(trx, message.id, principal.userId, emoji);
    await recordEvent(trx, message.conversationId, [message.user_a, message.user_b], {
      kind: 'reaction',
      conversationKey: message.key,
      messageId: message.id,
      userId: principal.userId,
      emoji,
      action,
    });
    return { action };
  });
}
