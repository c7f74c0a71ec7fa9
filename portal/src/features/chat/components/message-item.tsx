import { REACTION_EMOJIS, type ReactionEmoji } from '@canopy/portal-contract';
import { useEffect, useRef, useState } from 'react';
import { personInitials, type NamedPerson } from '../../../shared/rules/display-name.ts';
import { emojiName, messageTime, reactionCounts, ticksOf } from '../rules/message-display.ts';
import { normalText, type ShownMessage } from '../rules/message-merge.ts';
import { Icon, Ticks } from './chat-icons.tsx';

export function MessageItem(props: {
  message: ShownMessage;
  me: NamedPerson & { id: string };
  partnerEmail: string;
  /** The partner's name, when they set one: their avatar shows its initials. */
  partner?: NamedPerson;
  onReact: (messageId: string, emoji: ReactionEmoji) => void;
  onImageLoad: () => void;
}) {
  const { message, me, partnerEmail } = props;
  const own = message.senderId === me.id;
  const email = own ? me.email : partnerEmail;
  const ticks = ticksOf(message, me.id);
  const reactions = reactionCounts(message, me.email);
  const [picking, setPicking] = useState(false);
  const pickerRef = useRef<HTMLDivElement>(null);
  // The picker opens below the message: bring it into view when that is the list's bottom.
  useEffect(() => {
    if (picking) pickerRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [picking]);
  const time = messageTime(message.createdAt);

  const pick = (emoji: ReactionEmoji) => {
    setPicking(false);
    props.onReact(message.id, emoji);
  };

  return (
    <li
      className={`chat-message ${own ? 'chat-message--own' : 'chat-message--other'}${message.pending ? ' chat-message--pending' : ''}`}
      data-message-id={message.pending ? undefined : message.id}
    >
      {!own && (
        <span className="chat-avatar" aria-hidden="true">
          {personInitials(own ? me : (props.partner ?? { email }))}
        </span>
      )}
      <div className="chat-message__body">
        <span className="visually-hidden">{own ? 'You' : email}:</span>
        <div className="chat-bubble">
          {message.imageUrl && (
            <img
              className="chat-bubble__image"
              src={message.imageUrl}
              alt={own ? 'Image you sent' : `Image from ${email}`}
              onLoad={props.onImageLoad}
            />
          )}
          {message.content && <p className="chat-bubble__text">{normalText(message.content)}</p>}
          {!message.pending && (
            <div className="chat-reacts">
              <button
                type="button"
                className="chat-reacts__add"
                aria-label="Add reaction"
                aria-expanded={picking}
                onClick={() => setPicking((value) => !value)}
              >
                <Icon name="smile" size={16} />
              </button>
            </div>
          )}
        </div>
        {picking && (
          <div
            className="chat-picker"
            role="group"
            aria-label="Choose a reaction"
            onKeyDown={(event) => {
              if (event.key === 'Escape') {
                event.stopPropagation();
                setPicking(false);
              }
            }}
          >
            {REACTION_EMOJIS.map((emoji, index) => (
              <button
                key={emoji}
                type="button"
                className="chat-picker__emoji"
                aria-label={`React with ${emojiName(emoji)}`}
                autoFocus={index === 0}
                onClick={() => pick(emoji)}
              >
                {emoji}
              </button>
            ))}
          </div>
        )}
        {reactions.length > 0 && (
          <ul className="chat-reactions" aria-label="Reactions">
            {reactions.map((r) => (
              <li key={r.emoji}>
                <button
                  type="button"
                  className={`chat-reaction${r.mine ? ' chat-reaction--mine' : ''}`}
                  aria-pressed={r.mine}
                  aria-label={`${emojiName(r.emoji)}: ${r.count}`}
                  title={r.emails.join(', ')}
                  onClick={() => props.onReact(message.id, r.emoji)}
                >
                  <span aria-hidden="true">{r.emoji}</span>
                  <span className="chat-reaction__count" aria-hidden="true">
                    {r.count}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className="chat-meta">
          {message.pending ? (
            <span className="chat-meta__sending">Sending...</span>
          ) : (
            <time dateTime={message.createdAt}>{time}</time>
          )}
          {ticks !== 'none' && (
            <span
              className="chat-meta__ticks"
              role="img"
              aria-label={ticks === 'read' ? 'Read' : 'Sent'}
              data-ticks={ticks}
            >
              <Ticks read={ticks === 'read'} />
            </span>
          )}
        </div>
      </div>
    </li>
  );
}
