import type { Tenant } from '@canopy/portal-contract';
import { useEffect, useRef, useState } from 'react';
import { EMPTY_TENANT_FORM, formFromTenant, type TenantForm } from './tenant-form-state.ts';

/** The modal closes with a 250 ms exit animation, then its form resets. */
export const MODAL_EXIT_MS = 250;

type ModalState = 'closed' | 'open' | 'closing';

/**
 * The Add/Edit tenant modal's life: opened empty or filled from a tenant, closed with its exit
 * animation, and only then emptied (so the form does not blank out while it fades).
 */
export function useTenantEditor() {
  const [modal, setModal] = useState<ModalState>('closed');
  const [editing, setEditing] = useState<Tenant | null>(null);
  const [form, setForm] = useState<TenantForm>(EMPTY_TENANT_FORM);
  const exitTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(exitTimer.current), []);

  const open = (tenant: Tenant | null) => {
    clearTimeout(exitTimer.current);
    setEditing(tenant);
    setForm(tenant ? formFromTenant(tenant) : EMPTY_TENANT_FORM);
    setModal('open');
  };
  const close = () => {
    setModal('closing');
    exitTimer.current = setTimeout(() => {
      setModal('closed');
      setEditing(null);
      setForm(EMPTY_TENANT_FORM);
    }, MODAL_EXIT_MS);
  };
  return {
    shown: modal !== 'closed',
    closing: modal === 'closing',
    editing,
    form,
    setForm,
    open,
    close,
  };
}
