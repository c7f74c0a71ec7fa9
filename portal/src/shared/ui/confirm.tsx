import { useSyncExternalStore } from 'react';
import { Dialog } from './dialog.tsx';
import { Button } from './button.tsx';

interface Pending {
  message: string;
  confirmLabel: string;
  resolve: (ok: boolean) => void;
}
let pending: Pending | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

/**
 * Asks the caller's question (e.g. "Are you sure you want to delete this user?") in an accessible
 * dialog; resolves true on confirm.
 */
export function confirmAction(message: string, confirmLabel = 'Delete'): Promise<boolean> {
  pending?.resolve(false);
  return new Promise((resolve) => {
    pending = { message, confirmLabel, resolve };
    emit();
  });
}

function settle(ok: boolean) {
  pending?.resolve(ok);
  pending = null;
  emit();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function ConfirmHost() {
  const current = useSyncExternalStore(subscribe, () => pending);
  return (
    <Dialog open={current !== null} title="Please confirm" onClose={() => settle(false)}>
      <p className="dialog__message">{current?.message}</p>
      <div className="dialog__actions">
        <Button variant="secondary" onClick={() => settle(false)}>
          Cancel
        </Button>
        <Button variant="danger" onClick={() => settle(true)}>
          {current?.confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
