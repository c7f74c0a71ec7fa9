import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { toast } from '../../../shared/ui/toast-store.ts';
import {
  canSend,
  composerHeight,
  COMPOSER_MIN_PX,
  enterAction,
  isImageFile,
  sizeInMb,
} from '../rules/composer-rules.ts';
import { Icon } from './chat-icons.tsx';

/** The message box (40–120 px), the image attach with its preview, and the send button. */
export function Composer(props: {
  partnerEmail: string;
  onSend: (text: string, image: File | null) => Promise<boolean>;
  onTyping: () => void;
  onStopTyping: () => void;
}) {
  const [text, setText] = useState('');
  const [attached, setAttached] = useState<{ file: File; url: string } | null>(null);
  const image = attached?.file ?? null;
  const area = useRef<HTMLTextAreaElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const hintId = useId();

  // Grow with the text: measure from the minimum each time so it also shrinks.
  useLayoutEffect(() => {
    const element = area.current;
    if (!element) return;
    element.style.height = `${COMPOSER_MIN_PX}px`;
    element.style.height = `${composerHeight(element.scrollHeight)}px`;
  }, [text]);

  // The preview's object URL goes with its file (and with the composer).
  useEffect(() => (attached ? () => URL.revokeObjectURL(attached.url) : undefined), [attached]);

  const clearImage = () => {
    setAttached(null);
    if (picker.current) picker.current.value = '';
  };

  const submit = () => {
    if (!canSend(text, image)) return;
    const sentText = text;
    const sentImage = image;
    setText('');
    clearImage();
    area.current?.focus();
    void props.onSend(sentText, sentImage).then((ok) => {
      // A refused message comes back into an empty box, so nothing typed is lost.
      if (!ok) setText((current) => (current === '' ? sentText : current));
    });
  };

  return (
    <form
      className="chat-composer"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {attached && (
        <div className="chat-attachment">
          <img className="chat-attachment__thumb" src={attached.url} alt="" />
          <div className="chat-attachment__info">
            <span className="chat-attachment__name">{attached.file.name}</span>
            <span className="chat-attachment__size">{sizeInMb(attached.file.size)}</span>
          </div>
          <button
            type="button"
            className="chat-icon-button"
            aria-label={`Remove image ${attached.file.name}`}
            onClick={() => {
              clearImage();
              area.current?.focus();
            }}
          >
            <Icon name="close" size={16} />
          </button>
        </div>
      )}
      <div className="chat-composer__row">
        <input
          ref={picker}
          type="file"
          accept="image/*"
          className="visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="chat-image-input"
          onChange={(event) => {
            const file = event.target.files?.[0] ?? null;
            if (file && !isImageFile(file)) {
              toast.error('Only image files can be attached');
              clearImage();
              return;
            }
            setAttached(file ? { file, url: URL.createObjectURL(file) } : null);
          }}
        />
        <button
          type="button"
          className="chat-icon-button"
          aria-label="Attach image"
          onClick={() => picker.current?.click()}
        >
          <Icon name="attach" />
        </button>
        <textarea
          ref={area}
          className="chat-composer__input"
          rows={1}
          value={text}
          aria-label={`Message ${props.partnerEmail}`}
          aria-describedby={hintId}
          placeholder="Type a message..."
          onChange={(event) => {
            setText(event.target.value);
            if (event.target.value.trim() !== '') props.onTyping();
          }}
          onBlur={props.onStopTyping}
          onKeyDown={(event) => {
            if (enterAction(event.nativeEvent) === 'send') {
              event.preventDefault();
              submit();
            }
          }}
        />
        <span id={hintId} className="visually-hidden">
          Enter sends, Shift+Enter adds a new line
        </span>
        <button
          type="submit"
          className="chat-icon-button chat-send"
          aria-label="Send message"
          disabled={!canSend(text, image)}
        >
          <Icon name="send" />
        </button>
      </div>
    </form>
  );
}
