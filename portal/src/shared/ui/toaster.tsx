import { dismissToast, useToasts } from './toast-store.ts';

const ICON = { success: '✓', error: '!', info: 'i' } as const;

/** Errors are alerts (assertive), the rest status messages (polite): both are announced. */
export function Toaster() {
  const toasts = useToasts();
  return (
    <div className="toaster">
      {toasts.map((item) => (
        <div
          key={item.id}
          className={`toast toast--${item.type}`}
          role={item.type === 'error' ? 'alert' : 'status'}
        >
          <span className="toast__icon" aria-hidden="true">
            {ICON[item.type]}
          </span>
          <span className="toast__message">{item.message}</span>
          <button
            type="button"
            className="toast__close"
            aria-label="Dismiss"
            onClick={() => dismissToast(item.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
