import type { DataSource } from '@canopy/portal-contract';
import { useId } from 'react';
import { Badge } from '../../../shared/ui/bits.tsx';
import {
  cardBadgeStatus,
  categoryLabel,
  statusLabel,
  statusTone,
  type CardStatus,
} from '../rules/source-rules.ts';
import { CategoryIcon } from './category-icon.tsx';
import { SourceIcon } from './source-icon.tsx';

export interface SourceCardProps {
  source: DataSource;
  status: CardStatus;
  /** This card's Connect is on its way to the provider. */
  connecting: boolean;
  onConnect: (source: DataSource) => void;
}

/** One "Available Data Sources" card: a connected source cannot be connected again. */
export function SourceCard({ source, status, connecting, onConnect }: SourceCardProps) {
  const titleId = useId();
  const shown = cardBadgeStatus(source, status);
  const connected = status === 'connected';
  return (
    <li className="source-card" data-status={status}>
      <article aria-labelledby={titleId} className="source-card__body">
        <div className="source-card__head">
          <SourceIcon icon={source.icon} />
          <Badge tone={statusTone(shown)}>
            <span className="status-dot" aria-hidden="true" />
            <span className="visually-hidden">Status: </span>
            {statusLabel(shown)}
          </Badge>
        </div>
        <div>
          <h3 className="source-card__name" id={titleId}>
            {source.name}
          </h3>
          <p className="source-card__category">
            <CategoryIcon category={source.category} />
            {categoryLabel(source.category)}
          </p>
        </div>
        <p className="source-card__description">{source.description}</p>
        <div className="source-card__footer">
          <button
            type="button"
            className={`button button--sm${connected || shown === 'coming-soon' ? ' button--secondary' : ''}`}
            disabled={connected || connecting}
            aria-describedby={titleId}
            onClick={() => onConnect(source)}
          >
            {connected ? (
              <>
                <svg className="button__check" viewBox="0 0 24 24" aria-hidden="true">
                  <path d="M5 12.5l4.5 4.5L19 7.5" />
                </svg>
                Connected
              </>
            ) : connecting ? (
              'Redirecting...'
            ) : (
              'Connect'
            )}
          </button>
        </div>
      </article>
    </li>
  );
}
