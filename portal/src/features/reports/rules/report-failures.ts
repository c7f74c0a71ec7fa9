import { ApiError, errorMessage } from '../../../shared/api/api-fetch.ts';

/**
 * A failure whose text is already right: the server's own, or apiFetch's network, 401 or 403 text.
 */
const spoken = (error: ApiError) =>
  error.details.fromServer === true || [0, 401, 403].includes(error.status);

/**
 * The toast of a failed embed token: the server's message ("Report not found"), else
 * "Failed to get embed token", and `fallback` ("Failed to load report") for anything unexpected.
 */
export function tokenFailureText(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  return spoken(error) ? error.message : 'Failed to get embed token';
}

/**
 * The report list's error: the server's message, else "Failed to fetch reports: <status>
 * <statusText>", and "Failed to fetch reports" when the server was not reached in a known way.
 */
export function reportsFailureText(error: unknown): string {
  if (error instanceof ApiError && !spoken(error))
    return `Failed to fetch reports: ${error.status} ${error.details.statusText ?? ''}`.trimEnd();
  return errorMessage(error, 'Failed to fetch reports');
}
