import type { BulkInviteResponse } from '@canopy/portal-contract';
import { Badge } from '../../../shared/ui/bits.tsx';
import { OUTCOME_TEXT } from '../rules/invitations.ts';

const TONE = { created: 'success', exists: 'warning', invalid: 'danger' } as const;

/** After inviting several people: what became of each address, in the order they were typed. */
export function BulkInviteResults({ results }: BulkInviteResponse) {
  return (
    <div className="bulk-results" role="status">
      <h3 className="bulk-results__title">Invitation results</h3>
      <ul className="bulk-results__list" aria-label="Invitation results">
        {results.map(({ email, outcome }) => (
          <li key={email} className="bulk-results__item">
            <span className="user-email__address">{email}</span>
            <Badge tone={TONE[outcome]}>{OUTCOME_TEXT[outcome]}</Badge>
          </li>
        ))}
      </ul>
    </div>
  );
}
