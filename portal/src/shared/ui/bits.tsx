import type { ReactNode } from 'react';

/** Small presentational pieces shared by every screen. */

export function Badge({ children, tone = 'neutral' }: { children: ReactNode; tone?: Tone }) {
  return <span className={`badge badge--${tone}`}>{children}</span>;
}
export type Tone = 'neutral' | 'primary' | 'success' | 'warning' | 'danger';

export function PageHeader(props: {
  title: string;
  subtitle?: ReactNode;
  badge?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <header className="page-header">
      <div>
        <div className="page-header__row">
          <h1 className="page-header__title">{props.title}</h1>
          {props.badge}
        </div>
        {props.subtitle && <p className="page-header__subtitle">{props.subtitle}</p>}
      </div>
      {props.actions && <div className="page-header__actions">{props.actions}</div>}
    </header>
  );
}

export function Card(props: {
  title?: string;
  children: ReactNode;
  className?: string;
  headingLevel?: 2 | 3;
}) {
  const Heading = props.headingLevel === 3 ? 'h3' : 'h2';
  return (
    <section className={`card ${props.className ?? ''}`}>
      {props.title && <Heading className="card__title">{props.title}</Heading>}
      {props.children}
    </section>
  );
}

export function EmptyState({ title, text }: { title: string; text?: string }) {
  return (
    <div className="empty-state">
      <svg className="empty-state__icon" viewBox="0 0 24 24" aria-hidden="true">
        <path d="M4 7h16M4 12h16M4 17h10" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <p className="empty-state__title">{title}</p>
      {text && <p className="empty-state__text">{text}</p>}
    </div>
  );
}

export function ErrorCard({ message }: { message: string }) {
  return (
    <div className="error-card" role="alert">
      <strong>Something went wrong</strong>
      <p>{message}</p>
    </div>
  );
}

/** Placeholder rows while a table loads (the row count is the page size). */
export function SkeletonRows({ rows, columns }: { rows: number; columns: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, row) => (
        <tr key={row} className="skeleton-row" aria-hidden="true">
          {Array.from({ length: columns }, (_, column) => (
            <td key={column}>
              <span className="skeleton" />
            </td>
          ))}
        </tr>
      ))}
    </>
  );
}

export function Spinner({ label }: { label: string }) {
  return (
    <span className="spinner" role="status">
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
