import { TYPING_TTL_MS, type ReactionEmoji } from '@canopy/portal-contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '../../../shared/ui/toast-store.ts';
import {
  fetchConversation,
  fetchEarlierMessages,
  fetchMessagesSince,
  markMessagesRead,
  sendChatMessage,
  signalTyping,
  toggleReaction,
} from '../api/chat-api.ts';
import { TYPING_THROTTLE_MS } from '../rules/composer-rules.ts';
import {
  applyRead,
  confirmPending,
  mayHaveEarlier,
  mergeIncoming,
  removePending,
  replaceConfirmed,
  sinceOf,
  unreadFromOthers,
  type ShownMessage,
} from '../rules/message-merge.ts';
import { toggleReactionLocally } from '../rules/message-display.ts';
import { loadWithFallback, OFFLINE_TEXT, saveMessages } from '../rules/offline-store.ts';
import type { ChatEventListener } from './use-chat-events.ts';

/** Safety net beside the event stream: poll every 3 seconds for messages after the newest held. */
export const POLL_MS = 3_000;
/** Shown when a message cannot be sent; the pending copy is removed. */
export const SEND_FAILED = 'Failed to send message';
/** Shown when the older page of history could not be read. */
export const EARLIER_FAILED = 'Failed to load earlier messages';

export interface Me {
  id: string;
  email: string;
  /** The name set on My account, for the avatar's initials. */
  firstName?: string | null;
  lastName?: string | null;
}

const newClientId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? `tmp-${crypto.randomUUID()}`
    : `tmp-${Date.now()}-${Math.random().toString(36).slice(2)}`;

/**
 * Not a TanStack query, unlike the rest of the portal's server state: what is shown is a log this
 * hook assembles from several sources (see docs/architecture.md, "The request path").
 *
 * One open conversation: its first load (or the offline copy), the 3 s `since` poll, the event
 * stream's pushes (new message → fetch since; read → ticks; reaction → reload; typing → the
 * indicator), optimistic sends and reactions, read receipts and our own typing signals.
 */
export function useConversation(options: {
  conversationKey: string;
  me: Me;
  partnerId: string;
  subscribe: (listener: ChatEventListener) => () => void;
}) {
  const { conversationKey: key, me, partnerId, subscribe } = options;
  const [messages, setMessages] = useState<ShownMessage[]>([]);
  const [loading, setLoading] = useState(true);
  const [offline, setOffline] = useState(false);
  const [partnerTyping, setPartnerTyping] = useState(false);
  const [hasEarlier, setHasEarlier] = useState(false);
  const [loadingEarlier, setLoadingEarlier] = useState(false);
  // What is shown, for the async pulls (kept in step by `update`, the only writer).
  const latest = useRef<ShownMessage[]>([]);
  const nextCursor = useRef<string | null>(null);
  const alive = useRef(true);

  const update = useCallback((change: (shown: ShownMessage[]) => ShownMessage[]) => {
    setMessages((shown) => {
      const next = change(shown);
      latest.current = next;
      return next;
    });
  }, []);

  // One pull at a time; a request for another while one runs makes it go round once more.
  const pulling = useRef<Promise<void> | null>(null);
  const pullAgain = useRef(false);
  const pull = useCallback((): Promise<void> => {
    if (pulling.current) {
      pullAgain.current = true;
      return pulling.current;
    }
    const run = async () => {
      do {
        pullAgain.current = false;
        const page = await fetchMessagesSince(key, sinceOf(latest.current, nextCursor.current));
        if (!alive.current) return;
        if (page.nextCursor) nextCursor.current = page.nextCursor;
        if (page.messages.length > 0) update((shown) => mergeIncoming(shown, page.messages, me.id));
        if (page.messages.some((m) => m.senderId === partnerId)) setPartnerTyping(false);
        setOffline(false);
        if (page.hasMore) pullAgain.current = true;
      } while (pullAgain.current && alive.current);
    };
    pulling.current = run()
      .catch(() => undefined)
      .finally(() => {
        pulling.current = null;
      });
    return pulling.current;
  }, [key, me.id, partnerId, update]);

  const reload = useCallback(async () => {
    try {
      const page = await fetchConversation(key);
      if (!alive.current) return;
      nextCursor.current = null;
      update((shown) => replaceConfirmed(shown, page ?? [], me.id));
    } catch {
      // The poll keeps trying; a reaction count that lags a few seconds is harmless.
    }
  }, [key, me.id, update]);

  // First load, then the poll.
  useEffect(() => {
    alive.current = true;
    let timer: ReturnType<typeof setInterval> | undefined;
    void loadWithFallback(localStorage, key, () => fetchConversation(key)).then((loaded) => {
      if (!alive.current) return;
      update((shown) => replaceConfirmed(shown, loaded.messages ?? [], me.id));
      setHasEarlier(!loaded.offline && mayHaveEarlier(loaded.messages?.length ?? 0));
      setOffline(loaded.offline);
      if (loaded.offline) toast.info(OFFLINE_TEXT);
      setLoading(false);
      timer = setInterval(() => void pull(), POLL_MS);
    });
    return () => {
      alive.current = false;
      clearInterval(timer);
    };
  }, [key, me.id, pull, update]);

  // The offline copy follows what the server confirmed.
  useEffect(() => {
    if (loading || offline) return;
    saveMessages(
      localStorage,
      key,
      messages.filter((m) => !m.pending),
    );
  }, [key, loading, offline, messages]);

  // Pushes from the event stream, for this conversation only.
  useEffect(() => {
    let typingTimer: ReturnType<typeof setTimeout> | undefined;
    const off = subscribe((event) => {
      if (event.kind === 'resync') return void pull().then(reload);
      if (event.conversationKey !== key) return;
      if (event.kind === 'message') void pull();
      else if (event.kind === 'read') {
        if (event.more) void reload();
        else update((shown) => applyRead(shown, event.readerId, event.messageIds));
      } else if (event.kind === 'reaction') {
        // Also our own: another tab of ours may have reacted.
        void reload();
      } else if (event.kind === 'typing' && event.userId === partnerId) {
        clearTimeout(typingTimer);
        setPartnerTyping(event.isTyping);
        // Off after 2 s without a new signal, so a lost "stopped typing" cannot leave it on.
        if (event.isTyping) typingTimer = setTimeout(() => setPartnerTyping(false), TYPING_TTL_MS);
      }
    });
    return () => {
      off();
      clearTimeout(typingTimer);
    };
  }, [key, me.id, partnerId, pull, reload, subscribe, update]);

  // Read receipts: the other person's unread messages, while this panel shows them.
  const [visible, setVisible] = useState(() => document.visibilityState === 'visible');
  useEffect(() => {
    const onChange = () => setVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);
  useEffect(() => {
    if (loading || offline || !visible) return;
    const unread = unreadFromOthers(messages, me.id);
    if (unread.length === 0) return;
    const ids = unread.map((m) => m.id);
    update((shown) => applyRead(shown, me.id, ids));
    markMessagesRead(key, ids).catch(() => {
      // Marked again on the next load; the sender's ticks simply stay single meanwhile.
    });
  }, [key, loading, offline, visible, messages, me.id, update]);

  // Our own typing signals: at most one a second while typing, "stopped" on send or blur.
  const typingSentAt = useRef(0);
  const typing = useCallback(() => {
    const now = Date.now();
    if (now - typingSentAt.current < TYPING_THROTTLE_MS) return;
    typingSentAt.current = now;
    signalTyping(key, me.id, true).catch(() => undefined);
  }, [key, me.id]);
  const stoppedTyping = useCallback(() => {
    if (typingSentAt.current === 0) return;
    typingSentAt.current = 0;
    signalTyping(key, me.id, false).catch(() => undefined);
  }, [key, me.id]);

  const send = useCallback(
    async (content: string, image: File | null): Promise<boolean> => {
      stoppedTyping();
      const clientId = newClientId();
      const preview = image ? URL.createObjectURL(image) : null;
      const pending: ShownMessage = {
        id: clientId,
        conversationId: '',
        senderId: me.id,
        content: content.trim(),
        imageUrl: preview,
        createdAt: new Date().toISOString(),
        readBy: [{ id: me.id }],
        reactions: [],
        cursor: '',
        pending: true,
      };
      update((shown) => [...shown, pending]);
      try {
        const message = await sendChatMessage(key, { content: content.trim(), image, clientId });
        update((shown) => confirmPending(shown, clientId, message));
        return true;
      } catch {
        update((shown) => removePending(shown, clientId));
        toast.error(SEND_FAILED);
        return false;
      } finally {
        // The server's signed link replaces the local preview.
        if (preview) setTimeout(() => URL.revokeObjectURL(preview), 10_000);
      }
    },
    [key, me.id, stoppedTyping, update],
  );

  const react = useCallback(
    async (messageId: string, emoji: ReactionEmoji) => {
      update((shown) =>
        shown.map((m) => (m.id === messageId ? toggleReactionLocally(m, emoji, me.email) : m)),
      );
      try {
        await toggleReaction(messageId, emoji);
      } catch {
        // Back to the server's truth.
      }
      await reload();
    },
    [me.email, reload, update],
  );

  // "Load earlier messages": the page before the oldest one shown, added above it.
  const loadEarlier = useCallback(async () => {
    const oldest = latest.current.find((m) => !m.pending);
    if (!oldest) return;
    setLoadingEarlier(true);
    try {
      const page = await fetchEarlierMessages(key, oldest.cursor);
      if (!alive.current) return;
      update((shown) => mergeIncoming(shown, page.messages, me.id));
      setHasEarlier(page.hasEarlier);
    } catch {
      toast.error(EARLIER_FAILED);
    } finally {
      if (alive.current) setLoadingEarlier(false);
    }
  }, [key, me.id, update]);

  return {
    messages,
    loading,
    offline,
    partnerTyping,
    hasEarlier,
    loadingEarlier,
    loadEarlier,
    send,
    react,
    typing,
    stoppedTyping,
  };
}
