import type { AuditPage } from '@canopy/portal-contract';
import { Button } from '../../../shared/ui/button.tsx';
import type { AuditPosition } from '../rules/audit-log.ts';

export interface AuditPagerProps {
  page: Pick<AuditPage, 'older' | 'newer'>;
  onPosition: (position: AuditPosition) => void;
}

/**
 * Paging by cursor: the newest and oldest pages, and the pages either side of this one. (No page
 * numbers: the log is read from either end, and a number would need the whole history counted.)
 */
export function AuditPager({ page, onPosition }: AuditPagerProps) {
  const { older, newer } = page;
  return (
    <nav className="pagination" aria-label="Audit log pages">
      <div className="pagination__controls">
        <Button variant="secondary" size="sm" disabled={!newer} onClick={() => onPosition(null)}>
          Newest
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={!newer}
          onClick={() => newer && onPosition({ newer })}
        >
          Newer
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={!older}
          onClick={() => older && onPosition({ older })}
        >
          Older
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={!older}
          onClick={() => onPosition({ oldest: true })}
        >
          Oldest
        </Button>
      </div>
    </nav>
  );
}
