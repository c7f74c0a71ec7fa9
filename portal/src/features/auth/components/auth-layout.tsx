import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { DEFAULT_PRIMARY, useApplyBranding } from '../../../shared/branding/apply-branding.ts';

const prefersDark = () =>
  typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;

/**
 * The sign-in pages: product panel on wide screens, the form card; theme follows the system.
 * `backToSignIn` ends the card with the way back to /login; `wide` gives room to a QR code and a
 * list of codes.
 */
export function AuthLayout({
  title,
  lead,
  backToSignIn,
  wide,
  children,
}: {
  title: string;
  lead?: string;
  backToSignIn?: boolean;
  wide?: boolean;
  children: ReactNode;
}) {
  useApplyBranding({ primaryColor: DEFAULT_PRIMARY, theme: prefersDark() ? 'dark' : 'light' });
  useEffect(() => {
    document.title = `${title} · Canopy`;
  }, [title]);
  return (
    <div className="auth">
      <aside className="auth__aside" aria-hidden="true">
        <div className="inline">
          <svg width="36" height="36" viewBox="0 0 36 36">
            <rect width="36" height="36" rx="9" fill="#fff" opacity="0.2" />
            <path
              d="M18 7c-5.5 4.4-8.5 8.8-8.5 13a8.5 8.5 0 0 0 17 0c0-4.2-3-8.6-8.5-13z"
              fill="#fff"
            />
          </svg>
          <strong style={{ fontSize: 20 }}>Canopy</strong>
        </div>
        <div>
          <h2>Every team&apos;s reports, one secure portal.</h2>
          <p>Embedded analytics with per-tenant branding, access control and team chat.</p>
        </div>
        <p style={{ fontSize: 13 }}>© Canopy</p>
      </aside>
      <main className="auth__main">
        <div className={wide ? 'auth__card auth__card--wide' : 'auth__card'}>
          <h1>{title}</h1>
          {lead && <p className="auth__lead">{lead}</p>}
          {children}
          {backToSignIn && (
            <p className="auth__footer">
              <Link to="/login">Back to sign in</Link>
            </p>
          )}
        </div>
      </main>
    </div>
  );
}
