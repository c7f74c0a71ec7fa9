import { Icon } from './chat-icons.tsx';

/** The panel's empty states: "Select a Team Member", "Invalid Selection", "Start the conversation". */
export function ChatEmpty({ title, text }: { title: string; text: string }) {
  return (
    <div className="chat-empty">
      <span className="chat-empty__icon" aria-hidden="true">
        <Icon name="chat" size={26} />
      </span>
      <p className="chat-empty__title">{title}</p>
      <p className="chat-empty__text">{text}</p>
    </div>
  );
}
