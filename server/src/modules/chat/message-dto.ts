import type { ChatMessage, ReactionEmoji } from '@canopy/portal-contract';
import type { ChatImageUrls } from './chat-image-urls.ts';
import type { MessageRow, Pair } from './chat.repository.ts';

/** The opaque cursor of a message: its sequence number. */
export const cursorOf = (seq: number) => `c${seq}`;

/** A chat message as the API sends it: readBy lists the sender, and the recipient once read. */
export function toMessageDto(row: MessageRow, pair: Pair, urls: ChatImageUrls): ChatMessage {
  const recipient = row.sender_id === pair.userA ? pair.userB : pair.userA;
  return {
    id: row.id,
    conversationId: row.conversation_id,
    senderId: row.sender_id,
    content: row.content,
    imageUrl: row.image_key ? urls.urlFor(pair.key, row.image_key) : null,
    createdAt: new Date(row.created_at).toISOString(),
    readBy: row.read_at ? [{ id: row.sender_id }, { id: recipient }] : [{ id: row.sender_id }],
    reactions: row.reactions.map((r) => ({
      emoji: r.emoji as ReactionEmoji,
      user: { email: r.email },
    })),
    cursor: cursorOf(Number(row.seq)),
  };
}
