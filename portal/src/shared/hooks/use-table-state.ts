import { errorMessage } from '../api/api-fetch.ts';
import type { TableState } from '../ui/data-table.tsx';
import { useErrorToast } from './use-error-toast.ts';

/** What a list's table needs to know of the query that loads it. */
export interface ListQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

/**
 * A list query as its DataTable shows it: loading, the error alone (the server's message, else
 * `failed`), or ready; a failure is also said once in a toast, in the screen's words.
 */
export function useTableState(query: ListQuery, failed: string): TableState {
  useErrorToast(query.isError, failed);
  if (query.isError) return { status: 'error', message: errorMessage(query.error, failed) };
  return query.isPending ? { status: 'loading' } : { status: 'ready' };
}
