import { useSearchParams } from 'react-router';
import { rangeError, readAuditView, writeAuditView, type AuditView } from '../rules/audit-log.ts';

/**
 * The audit log's filters and page, kept in the URL so a reload or a shared link shows the same
 * view. A new filter goes back to the newest page and replaces the history entry; a new page adds
 * one.
 */
export function useAuditView() {
  const [params, setParams] = useSearchParams();
  const view = readAuditView(params);
  const update = (change: Partial<AuditView>) =>
    setParams(
      (current) =>
        writeAuditView(current, { ...readAuditView(current), position: null, ...change }),
      { replace: change.position === undefined },
    );
  return { view, invalidRange: rangeError(view), update };
}
