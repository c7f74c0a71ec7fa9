import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { isAdminRole } from '../../shared/rules/roles.ts';
import type { Session } from '../../shared/session/session-store.ts';
import { signOut as endSession } from '../../shared/session/sign-out.ts';
import { AccountMenu } from './account-menu.tsx';
import { DefaultMark } from './default-mark.tsx';

interface NavItem {
  to: string;
  label: string;
  end?: boolean;
}

/** The top bar's links: the super admin's screens, or the tenant's (the managing ones for Admins). */
export function navFor(session: Session): NavItem[] {
  if (session.type === 'superadmin')
    return [
      { to: '/admin', label: 'Dashboard', end: true },
      { to: '/admin/tenants', label: 'Tenants' },
      { to: '/admin/users', label: 'Users' },
      { to: '/admin/data-integration', label: 'Data Integration' },
      { to: '/admin/analytics', label: 'Analytics' },
      { to: '/admin/audit', label: 'Audit Log' },
    ];
  const items: NavItem[] = [
    { to: '/dashboard', label: 'Dashboard' },
    { to: '/tenant/reports', label: 'Reports' },
    { to: '/tenant/users', label: 'Users' },
  ];
  if (isAdminRole(session.roles))
    items.push(
      { to: '/tenant/groups', label: 'Groups' },
      { to: '/tenant/access', label: 'Access' },
      { to: '/tenant/subscriptions', label: 'Subscriptions' },
      { to: '/tenant/analytics', label: 'Analytics' },
      { to: '/tenant/settings', label: 'Settings' },
    );
  return items;
}

export function TopBar({ session, logoUrl }: { session: Session; logoUrl: string | null }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Phones (≤ 640 px): the links fold behind a Menu button; it closes on every path change.
  const { pathname } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === pathname;
  const setMenuOpen = (open: boolean) => setOpenOn(open ? pathname : null);
  const navId = useId();
  const signOut = () => {
    endSession();
    queryClient.clear();
    void navigate('/login', { replace: true });
  };
  return (
    <header className="topbar">
      <Link to="/" className="brand">
        {logoUrl ? <img className="brand__logo" src={logoUrl} alt="" /> : <DefaultMark />}
        <span>
          <p className="brand__title">Canopy</p>
          <p className="brand__subtitle">
            {session.type === 'superadmin' ? 'Super Admin Panel' : 'Dashboard'}
          </p>
        </span>
      </Link>
      <button
        type="button"
        className="nav-toggle"
        aria-expanded={menuOpen}
        aria-controls={navId}
        onClick={() => setMenuOpen(!menuOpen)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setMenuOpen(false);
        }}
      >
        <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
          <path
            d={menuOpen ? 'M5 5l10 10M15 5L5 15' : 'M3 5h14M3 10h14M3 15h14'}
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          />
        </svg>
        Menu
      </button>
      <nav
        id={navId}
        className="nav"
        aria-label="Main"
        data-open={menuOpen}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setMenuOpen(false);
        }}
      >
        {navFor(session).map((item) => (
          <NavLink key={item.to} to={item.to} end={item.end}>
            {item.label}
          </NavLink>
        ))}
      </nav>
      <AccountMenu session={session} onSignOut={signOut} />
    </header>
  );
}
