import { MESSAGES_PAGE_SIZE, type ChatMessage } from '@canopy/portal-contract';

/** A message on screen: the server's, or our own still on its way (id = its clientId). */
export type ShownMessage = ChatMessage & { pending?: boolean };

/**
 * Text as compared and shown: multipart form data sends every line break as CRLF (the HTML
 * form rules), so what comes back differs from what was typed by its line breaks only.
 */
export const normalText = (text: string) => text.replace(/\r\n?/g, '\n').trim();

const seqOf = (message: ShownMessage) =>
  /^c\d+$/.test(message.cursor) ? Number(message.cursor.slice(1)) : Number.POSITIVE_INFINITY;

/** Server order (the cursor's sequence), then creation time; pending ones always last. */
function ordered(messages: ShownMessage[]): ShownMessage[] {
  const confirmed = messages.filter((m) => !m.pending);
  const pending = messages.filter((m) => m.pending);
  confirmed.sort((a, b) => seqOf(a) - seqOf(b) || a.createdAt.localeCompare(b.createdAt));
  return [...confirmed, ...pending];
}

/**
 * Adds what the server returned (a poll, the event stream's fetch, a reload) to what is shown.
 * Known ids are replaced (reactions and read marks change). An incoming message of our own that
 * matches a pending one (same text, image or not) stands for it: the stream can deliver our
 * message before the POST answers, and the person must not see it twice.
 */
export function mergeIncoming(
  shown: ShownMessage[],
  incoming: ChatMessage[],
  me: string,
): ShownMessage[] {
  const byId = new Map(shown.map((m) => [m.id, m]));
  let pending = shown.filter((m) => m.pending);
  for (const message of incoming) {
    if (!byId.has(message.id) && message.senderId === me) {
      const twin = pending.find(
        (p) =>
          normalText(p.content) === normalText(message.content) &&
          !!p.imageUrl === !!message.imageUrl,
      );
      if (twin) {
        byId.delete(twin.id);
        pending = pending.filter((p) => p !== twin);
      }
    }
    byId.set(message.id, message);
  }
  return ordered([...byId.values()]);
}

/** The send is answered: the pending message becomes the server's (once, even if a poll won). */
export function confirmPending(
  shown: ShownMessage[],
  clientId: string,
  message: ChatMessage,
): ShownMessage[] {
  const rest = shown.filter((m) => m.id !== clientId && m.id !== message.id);
  return ordered([...rest, message]);
}

/** The send failed: the pending message goes (the toast says so). */
export const removePending = (shown: ShownMessage[], clientId: string) =>
  shown.filter((m) => m.id !== clientId);

/**
 * A full reload (reactions changed, a resync): the server's newest page plus what is still pending,
 * and the older messages the person loaded with "Load earlier messages" (the page does not reach them).
 */
export function replaceConfirmed(shown: ShownMessage[], page: ChatMessage[], me: string) {
  const oldest = Math.min(...page.map(seqOf));
  const earlier = shown.filter((m) => !m.pending && seqOf(m) < oldest);
  return mergeIncoming([...earlier, ...shown.filter((m) => m.pending)], page, me);
}

/** Messages are a full page: older ones may exist until the server says otherwise. */
export const mayHaveEarlier = (count: number) => count >= MESSAGES_PAGE_SIZE;

/** A read event: the reader joins readBy of those messages (the double green tick). */
export function applyRead(
  shown: ShownMessage[],
  readerId: string,
  messageIds: readonly string[],
): ShownMessage[] {
  const ids = new Set(messageIds.map((id) => id.toLowerCase()));
  return shown.map((m) =>
    ids.has(m.id.toLowerCase()) && !m.readBy.some((r) => r.id === readerId)
      ? { ...m, readBy: [...m.readBy, { id: readerId }] }
      : m,
  );
}

/**
 * Where the next `since` poll starts: the server's `X-Next-Cursor` when we hold one, else the
 * newest confirmed message's cursor, else its createdAt (an ISO timestamp the server also takes);
 * null = from the start.
 */
export function sinceOf(shown: readonly ShownMessage[], nextCursor: string | null): string | null {
  if (nextCursor) return nextCursor;
  const newest = shown.filter((m) => !m.pending).at(-1);
  if (!newest) return null;
  return newest.cursor || newest.createdAt;
}

/** The other person's messages we have not marked read yet (sent as read receipts when visible). */
export const unreadFromOthers = (shown: readonly ShownMessage[], me: string) =>
  shown.filter((m) => !m.pending && m.senderId !== me && !m.readBy.some((r) => r.id === me));
