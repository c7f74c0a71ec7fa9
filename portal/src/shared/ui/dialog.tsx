import { useEffect, useId, useRef, type ReactNode } from 'react';
import { IconButton } from './button.tsx';

export interface DialogProps {
  open: boolean;
  title: string;
  description?: string;
  onClose: () => void;
  children: ReactNode;
  /** Played when `open` turns false; the parent keeps it mounted for the exit time. */
  closing?: boolean;
  size?: 'sm' | 'lg';
}

/**
 * A modal on the native <dialog>: showModal() makes the rest of the page inert (focus stays
 * inside) and Escape fires `cancel`, which we route to onClose so React state stays the truth.
 */
export function Dialog({
  open,
  title,
  description,
  onClose,
  children,
  closing,
  size,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className={`dialog dialog--${size ?? 'sm'}${closing ? ' dialog--closing' : ''}`}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside its panel) closes it.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="dialog__panel">
        <header className="dialog__header">
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
          <IconButton label="Close" onClick={onClose}>
            ×
          </IconButton>
        </header>
        {description && (
          <p id={descriptionId} className="dialog__description">
            {description}
          </p>
        )}
        {open || closing ? children : null}
      </div>
    </dialog>
  );
}
