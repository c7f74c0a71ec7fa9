import { conversationKeyOf } from '@canopy/portal-contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Session } from '../../shared/session/session-store.ts';
import { fetchChatContacts, fetchMessagesSince } from './api/chat-api.ts';
import { ChatPanel } from './components/chat-panel.tsx';
import { Icon } from './components/chat-icons.tsx';
import {
  askNotificationPermission,
  notificationPermission,
  showDesktopNotification,
} from './components/desktop-notify.ts';
import {
  useChatEvents,
  type ChatEventListener,
  type ChatStreamEvent,
} from './components/use-chat-events.ts';
import { shouldNotify } from './rules/notification-rules.ts';
import { readLastRecipient, writeLastRecipient } from './rules/offline-store.ts';
import { useErrorToast } from '../../shared/hooks/use-error-toast.ts';
import './chat.css';

/** Shown when the team list cannot be read. */
export const CONTACTS_FAILED = 'Failed to load team members';

const contactsKey = (tenantId: string) => ['chat', 'contacts', tenantId] as const;

/**
 * The floating Team Chat (tenant Admins and Viewers; the shell decides). The event
 * stream lives as long as this widget, so a message that arrives while the panel is closed still
 * counts on the badge and can raise a desktop notification.
 */
export default function ChatWidget({ session }: { session: Session }) {
  const me = {
    id: session.id,
    email: session.email,
    firstName: session.firstName,
    lastName: session.lastName,
  };
  const tenantId = session.tenantId ?? '';
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const [unread, setUnread] = useState(0);
  const [recipientId, setRecipientId] = useState<string | null>(() =>
    readLastRecipient(localStorage),
  );
  const launcher = useRef<HTMLButtonElement>(null);
  const queryClient = useQueryClient();

  const contacts = useQuery({
    queryKey: contactsKey(tenantId),
    queryFn: () => fetchChatContacts(tenantId),
    enabled: opened && tenantId !== '',
    staleTime: 60_000,
    retry: false,
  });
  useErrorToast(contacts.isError, CONTACTS_FAILED);

  // What the current render shows, for the stream's callback (it outlives renders).
  const view = useRef({ open, key: null as string | null });
  useEffect(() => {
    view.current = {
      open,
      key: recipientId && recipientId !== me.id ? conversationKeyOf(me.id, recipientId) : null,
    };
  }, [open, recipientId, me.id]);

  const listeners = useRef(new Set<ChatEventListener>());
  const subscribe = useCallback((listener: ChatEventListener) => {
    listeners.current.add(listener);
    return () => void listeners.current.delete(listener);
  }, []);

  const notify = async (event: Extract<ChatStreamEvent, { kind: 'message' }>) => {
    const showing = view.current.open && view.current.key === event.conversationKey;
    const decision = {
      permission: notificationPermission(),
      senderId: event.senderId,
      me: me.id,
      documentHidden: document.visibilityState === 'hidden',
      panelOpen: showing,
    };
    if (!shouldNotify(decision)) return;
    const people = await queryClient
      .fetchQuery({
        queryKey: contactsKey(tenantId),
        queryFn: () => fetchChatContacts(tenantId),
        staleTime: 60_000,
      })
      .catch(() => []);
    const sender = people.find((p) => p.id === event.senderId)?.email ?? 'a teammate';
    // The message itself: everything after the cursor just before it (the stream carries no text).
    const seq = Number(event.cursor.slice(1));
    const page = await fetchMessagesSince(event.conversationKey, `c${Math.max(0, seq - 1)}`).catch(
      () => null,
    );
    const message = page?.messages.find((m) => m.id === event.messageId);
    const body = message ? message.content || 'Sent an image' : 'New message';
    showDesktopNotification(`New message from ${sender}`, body, () => {
      setRecipientId(event.senderId);
      writeLastRecipient(localStorage, event.senderId);
      setOpen(true);
      setOpened(true);
    });
  };

  const live = useChatEvents(
    (event) => {
      for (const listener of listeners.current) listener(event);
      if (event.kind !== 'message' || event.senderId === me.id) return;
      const showing = view.current.open && view.current.key === event.conversationKey;
      if (!showing) setUnread((count) => count + 1);
      void notify(event);
    },
    () => {
      for (const listener of listeners.current) listener({ kind: 'resync' });
    },
  );

  const openPanel = () => {
    // Read again on every open: another tab (or person on this browser) may have changed it.
    setRecipientId(readLastRecipient(localStorage));
    setOpen(true);
    setOpened(true);
    setUnread(0);
    // The team is read again on every open (a list that failed, a person added since).
    if (opened) void contacts.refetch();
    // Asked on the first open only; a dismissed prompt is not put up again each time.
    if (!opened) askNotificationPermission();
  };
  const closePanel = () => {
    setOpen(false);
    launcher.current?.focus();
  };

  return (
    <div className="chat-widget" data-stream={live ? 'open' : 'closed'}>
      {open && (
        <ChatPanel
          me={me}
          contacts={contacts.data}
          contactsFailed={contacts.isError}
          recipientId={recipientId}
          onRecipient={(id) => {
            setRecipientId(id);
            writeLastRecipient(localStorage, id);
          }}
          onClose={closePanel}
          subscribe={subscribe}
        />
      )}
      <button
        ref={launcher}
        type="button"
        className="chat-launcher"
        aria-expanded={open}
        aria-label={
          open
            ? 'Close Team Chat'
            : unread > 0
              ? `Open Team Chat, ${unread} unread`
              : 'Open Team Chat'
        }
        onClick={() => (open ? closePanel() : openPanel())}
      >
        <Icon name={open ? 'close' : 'chat'} size={24} />
        {unread > 0 && !open && (
          <span className="chat-launcher__badge" aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
    </div>
  );
}
