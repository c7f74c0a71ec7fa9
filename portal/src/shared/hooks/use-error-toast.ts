import { useEffect } from 'react';
import { toast } from '../ui/toast-store.ts';

/**
 * Shows `message` as an error toast each time `failed` becomes true (a query that failed, a report
 * that is missing), once per failure rather than once per render. Screens word the same failure
 * differently, so the message belongs to the screen, not to the query.
 */
export function useErrorToast(failed: boolean, message: string): void {
  useEffect(() => {
    if (failed) toast.error(message);
  }, [failed, message]);
}
