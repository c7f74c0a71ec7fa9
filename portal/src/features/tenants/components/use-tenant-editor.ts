import type { Tenant } from '@canopy/portal-contract';
import { useEffect, useRef, useState } from 'react';

/** The modal closes with a 250 ms exit animation, then its form resets. */
export const MODAL_EXIT_MS = 250;

type ModalState = 'closed' | 'open' | 'closing';

/**
 * The Add/Edit tenant modal's life: opened empty or on a tenant, closed with its exit animation
 * and only then unmounted (so the form does not blank out while it fades). Each opening is a new
 * `session`: keyed on it, the modal starts from fresh values even when reopened mid-fade.
 */
export function useTenantEditor() {
  const [modal, setModal] = useState<ModalState>('closed');
  const [editing, setEditing] = useState<Tenant | null>(null);
  const [session, setSession] = useState(0);
  const exitTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(exitTimer.current), []);

  const open = (tenant: Tenant | null) => {
    clearTimeout(exitTimer.current);
    setEditing(tenant);
    setSession((count) => count + 1);
    setModal('open');
  };
  const close = () => {
    setModal('closing');
    exitTimer.current = setTimeout(() => {
      setModal('closed');
      setEditing(null);
    }, MODAL_EXIT_MS);
  };
  return {
    shown: modal !== 'closed',
    closing: modal === 'closing',
    editing,
    session,
    open,
    close,
  };
}
