import { pageOfText, showingText } from '../rules/pagination.ts';
import { Button } from './button.tsx';

export interface PaginationProps {
  page: number;
  pages: number;
  size: number;
  total: number;
  onPage: (page: number) => void;
  /** The user lists also show "Page x of y". */
  showPageOf?: boolean;
  label: string;
}

export function Pagination({
  page,
  pages,
  size,
  total,
  onPage,
  showPageOf,
  label,
}: PaginationProps) {
  return (
    <nav className="pagination" aria-label={label}>
      <p className="pagination__summary">{showingText(page, size, total)}</p>
      <div className="pagination__controls">
        <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        {showPageOf && <span className="pagination__page">{pageOfText(page, pages)}</span>}
        <Button
          variant="secondary"
          size="sm"
          disabled={page >= pages}
          onClick={() => onPage(page + 1)}
        >
          Next
        </Button>
      </div>
    </nav>
  );
}
