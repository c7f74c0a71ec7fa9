import { ChatMessageList, type ChatMessage } from '@canopy/portal-contract';

/** The local storage keys; docs/portal.md#team-chat names them to users, so keep them. */
export const LAST_RECIPIENT_KEY = 'lastRecipient';
export const messagesKey = (conversationKey: string) => `messages_${conversationKey}`;
/** Shown over the stored copy when the conversation cannot be loaded. */
export const OFFLINE_TEXT = 'Using offline mode - some messages may be missing';

/** The newest this many are kept offline (a long history must not fill the quota). */
const KEEP = 200;

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function saveMessages(storage: Store, conversationKey: string, messages: ChatMessage[]) {
  try {
    storage.setItem(messagesKey(conversationKey), JSON.stringify(messages.slice(-KEEP)));
  } catch {
    // Quota full or storage off: the offline copy is a convenience, never an error.
  }
}

export function loadMessages(storage: Store, conversationKey: string): ChatMessage[] {
  try {
    const raw = storage.getItem(messagesKey(conversationKey));
    if (raw === null) return [];
    const parsed = ChatMessageList.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

export interface LoadedMessages {
  /** null: no conversation yet (404). */
  messages: ChatMessage[] | null;
  offline: boolean;
}

/**
 * The server's messages (saved for next time), or, when loading fails, the stored copy
 * with the offline notice. The 404 "no conversation yet" is an answer, not a failure.
 */
export async function loadWithFallback(
  storage: Store,
  conversationKey: string,
  load: () => Promise<ChatMessage[] | null>,
): Promise<LoadedMessages> {
  try {
    const messages = await load();
    if (messages) saveMessages(storage, conversationKey, messages);
    return { messages, offline: false };
  } catch {
    return { messages: loadMessages(storage, conversationKey), offline: true };
  }
}

export function readLastRecipient(storage: Store): string | null {
  try {
    return storage.getItem(LAST_RECIPIENT_KEY);
  } catch {
    return null;
  }
}

export function writeLastRecipient(storage: Store, id: string) {
  try {
    storage.setItem(LAST_RECIPIENT_KEY, id);
  } catch {
    // Not remembered: the person picks again next time.
  }
}
