import { Fragment, useEffect, useLayoutEffect, useRef } from 'react';
import { dayLabel, dayOf } from '../rules/message-display.ts';
import { OFFLINE_TEXT } from '../rules/offline-store.ts';
import { Composer } from './composer.tsx';
import { ChatEmpty } from './chat-empty.tsx';
import type { ChatEventListener } from './use-chat-events.ts';
import { useConversation, type Me } from './use-conversation.ts';
import { MessageItem } from './message-item.tsx';
import { displayName, type NamedPerson } from '../../../shared/rules/display-name.ts';
import { Button } from '../../../shared/ui/button.tsx';

/** The open conversation: messages (newest at the bottom), typing line, composer. */
export function ConversationView(props: {
  conversationKey: string;
  me: Me;
  partner: NamedPerson & { id: string };
  subscribe: (listener: ChatEventListener) => () => void;
}) {
  const { me, partner } = props;
  const chat = useConversation({
    conversationKey: props.conversationKey,
    me,
    partnerId: partner.id,
    subscribe: props.subscribe,
  });
  const list = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  // While older messages are added above: the distance from the bottom to keep the view where it was.
  const keepFromBottom = useRef<number | null>(null);

  // Follow new messages while the person is at the bottom (not while they read older ones).
  const toBottom = () => {
    const element = list.current;
    if (!element) return;
    if (keepFromBottom.current !== null) {
      element.scrollTop = element.scrollHeight - keepFromBottom.current;
      keepFromBottom.current = null;
    } else if (stick.current) element.scrollTop = element.scrollHeight;
  };
  useLayoutEffect(toBottom, [chat.messages, chat.partnerTyping]);
  // A load that added nothing (or failed) leaves no position to restore.
  useEffect(() => {
    if (!chat.loadingEarlier) keepFromBottom.current = null;
  }, [chat.loadingEarlier]);
  const loadEarlier = () => {
    const element = list.current;
    if (element) keepFromBottom.current = element.scrollHeight - element.scrollTop;
    void chat.loadEarlier();
  };

  return (
    <>
      {chat.offline && (
        <p className="chat-offline" role="status">
          {OFFLINE_TEXT}
        </p>
      )}
      <div
        ref={list}
        className="chat-messages"
        tabIndex={0}
        role="log"
        aria-live="polite"
        aria-label={`Conversation with ${partner.email}`}
        aria-busy={chat.loading}
        onScroll={(event) => {
          const e = event.currentTarget;
          stick.current = e.scrollHeight - e.scrollTop - e.clientHeight < 48;
        }}
      >
        {chat.loading ? (
          <p className="chat-loading">Loading messages...</p>
        ) : chat.messages.length === 0 ? (
          <ChatEmpty
            title="Start the conversation"
            text={`Say hello to ${displayName(partner)}.`}
          />
        ) : (
          <ol className="chat-message-list">
            {chat.hasEarlier && (
              <li className="chat-earlier">
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={chat.loadingEarlier}
                  onClick={loadEarlier}
                >
                  {chat.loadingEarlier ? 'Loading...' : 'Load earlier messages'}
                </Button>
              </li>
            )}
            {chat.messages.map((message, index) => {
              const previous = chat.messages[index - 1];
              const newDay = !previous || dayOf(previous.createdAt) !== dayOf(message.createdAt);
              return (
                <Fragment key={message.id}>
                  {newDay && (
                    <li className="chat-day">
                      <span>{dayLabel(message.createdAt)}</span>
                    </li>
                  )}
                  <MessageItem
                    message={message}
                    me={me}
                    partnerEmail={partner.email}
                    partner={partner}
                    onReact={(id, emoji) => void chat.react(id, emoji)}
                    onImageLoad={toBottom}
                  />
                </Fragment>
              );
            })}
          </ol>
        )}
      </div>
      <p className="chat-typing" aria-live="polite">
        {chat.partnerTyping && (
          <>
            <span className="chat-typing__dots" aria-hidden="true">
              <span />
              <span />
              <span />
            </span>
            {`${displayName(partner)} is typing…`}
          </>
        )}
      </p>
      <Composer
        key={props.conversationKey}
        partnerEmail={partner.email}
        onSend={(text, image) => {
          stick.current = true;
          return chat.send(text, image);
        }}
        onTyping={chat.typing}
        onStopTyping={chat.stoppedTyping}
      />
    </>
  );
}
