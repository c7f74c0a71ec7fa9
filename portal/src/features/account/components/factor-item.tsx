import type { ReactNode } from 'react';

const ICONS = {
  app: 'M8 3h8a1 1 0 0 1 1 1v16a1 1 0 0 1-1 1H8a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1zm3 15h2M10 8h4v4h-4z',
  passkey:
    'M9 12a4 4 0 1 1 0-8 4 4 0 0 1 0 8zm0 0c-3.3 0-6 2-6 4.5V19h9M17 11a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5zm0 5v5m0-2.5h2',
  codes: 'M5 4h14v16H5zM8 8h8M8 12h8M8 16h5',
} as const;

/** One row of the second-factor lists on My account: icon, what it is, when, and its buttons. */
export function FactorItem(props: {
  icon: keyof typeof ICONS;
  title: ReactNode;
  meta: ReactNode;
  actions?: ReactNode;
  label?: string;
}) {
  return (
    <li className="factor-item" aria-label={props.label}>
      <svg className="factor-item__icon" viewBox="0 0 24 24" aria-hidden="true">
        <path d={ICONS[props.icon]} />
      </svg>
      <div className="factor-item__body">
        <p className="factor-item__title">{props.title}</p>
        <p className="factor-item__meta">{props.meta}</p>
      </div>
      {props.actions && <div className="factor-item__actions">{props.actions}</div>}
    </li>
  );
}
