import { conversationKeyOf } from '@canopy/portal-contract';
import { useEffect, useId, useRef } from 'react';
import { displayName } from '../../../shared/rules/display-name.ts';
import { recipientState, teammates, type ChatContact } from '../rules/recipient-rules.ts';
import { ChatEmpty } from './chat-empty.tsx';
import { Icon } from './chat-icons.tsx';
import { ConversationView } from './conversation-view.tsx';
import type { ChatEventListener } from './use-chat-events.ts';
import type { Me } from './use-conversation.ts';

/** The 380 × 600 panel: header, "Chat with" select, then the conversation or an empty state. */
export function ChatPanel(props: {
  me: Me;
  contacts: ChatContact[] | undefined;
  contactsFailed: boolean;
  recipientId: string | null;
  onRecipient: (id: string) => void;
  onClose: () => void;
  subscribe: (listener: ChatEventListener) => () => void;
}) {
  const { me, contacts } = props;
  const titleId = useId();
  const selectId = useId();
  const select = useRef<HTMLSelectElement>(null);
  const state = recipientState(props.recipientId, me.id, contacts);
  const options = contacts ? teammates(contacts, me.id) : [];

  useEffect(() => {
    // Focus lands in the panel on open: the select (the first thing to decide).
    select.current?.focus();
  }, []);

  return (
    <section
      className="chat-panel"
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          props.onClose();
        }
      }}
    >
      <header className="chat-panel__header">
        <span className="chat-panel__mark" aria-hidden="true">
          <Icon name="chat" size={18} />
        </span>
        <div className="chat-panel__titles">
          <h2 id={titleId} className="chat-panel__title">
            Team Chat
          </h2>
          <p className="chat-panel__subtitle">Connect with your team</p>
        </div>
        <button
          type="button"
          className="chat-panel__close"
          aria-label="Close chat"
          onClick={props.onClose}
        >
          <Icon name="close" size={18} />
        </button>
      </header>
      <div className="chat-panel__recipient">
        <label htmlFor={selectId} className="chat-panel__label">
          Chat with
        </label>
        <select
          ref={select}
          id={selectId}
          className="input chat-panel__select"
          value={state.kind === 'valid' ? state.contact.id : ''}
          onChange={(event) => event.target.value && props.onRecipient(event.target.value)}
        >
          <option value="">Select a user...</option>
          {options.map((contact) => (
            <option key={contact.id} value={contact.id}>
              {/* A teammate who set a name is listed by it, with the email to tell namesakes apart. */}
              {contact.firstName ? `${displayName(contact)} (${contact.email})` : contact.email}
            </option>
          ))}
        </select>
      </div>
      {state.kind === 'valid' ? (
        <ConversationView
          key={state.contact.id}
          conversationKey={conversationKeyOf(me.id, state.contact.id)}
          me={me}
          partner={state.contact}
          subscribe={props.subscribe}
        />
      ) : (
        <div className="chat-messages chat-messages--empty">
          {state.kind === 'invalid' ? (
            <ChatEmpty title="Invalid Selection" text={state.reason} />
          ) : (
            <ChatEmpty
              title="Select a Team Member"
              text={
                props.contactsFailed
                  ? 'The team list could not be loaded. Close the chat and open it again to retry.'
                  : contacts && options.length === 0
                    ? 'Nobody else is in your team yet.'
                    : 'Choose a teammate above to start chatting.'
              }
            />
          )}
        </div>
      )}
    </section>
  );
}
