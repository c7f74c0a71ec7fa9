import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { displayName, personInitials } from '../../shared/rules/display-name.ts';
import { isAdminRole } from '../../shared/rules/roles.ts';
import type { Session } from '../../shared/session/session-store.ts';

export interface AccountMenuProps {
  session: Session;
  onSignOut: () => void;
}

/**
 * The account menu (menu button pattern): the person's name (the one set on My account, else one
 * derived from the email), the email, My account, Settings for tenant Admins, Sign Out. Arrow keys move between items, Escape closes and returns focus.
 */
export function AccountMenu({ session, onSignOut }: AccountMenuProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const name = displayName(session);
  const showSettings = session.type === 'tenant-user' && isAdminRole(session.roles);

  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target))
        setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const items = [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const index = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') close();
    else if (event.key === 'ArrowDown') items[(index + 1) % items.length]?.focus();
    else if (event.key === 'ArrowUp') items[(index - 1 + items.length) % items.length]?.focus();
    else if (event.key === 'Tab') setOpen(false);
    else return;
    if (event.key !== 'Tab') event.preventDefault();
  };

  return (
    <div className="account">
      <button
        ref={buttonRef}
        type="button"
        className="account__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        <span className="avatar" aria-hidden="true">
          {personInitials(session)}
        </span>
        <span className="visually-hidden">Account menu for </span>
        <span className="account__label">{name}</span>
      </button>
      {open && (
        <div
          ref={menuRef}
          id={menuId}
          className="account__menu"
          role="menu"
          aria-label="Account"
          onKeyDown={onKeyDown}
        >
          <div className="account__who" role="none">
            <p className="account__name">{name}</p>
            <p className="account__email">{session.email}</p>
          </div>
          <Link role="menuitem" className="menu-item" to="/account" onClick={() => setOpen(false)}>
            My account
          </Link>
          {session.type === 'tenant-user' && (
            <Link
              role="menuitem"
              className="menu-item"
              to="/account/subscriptions"
              onClick={() => setOpen(false)}
            >
              My subscriptions
            </Link>
          )}
          {showSettings && (
            <Link
              role="menuitem"
              className="menu-item"
              to="/tenant/settings"
              onClick={() => setOpen(false)}
            >
              Settings
            </Link>
          )}
          <button
            type="button"
            role="menuitem"
            className="menu-item"
            onClick={() => {
              setOpen(false);
              onSignOut();
            }}
          >
            Sign Out
          </button>
        </div>
      )}
    </div>
  );
}
