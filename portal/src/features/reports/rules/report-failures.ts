import { ApiError, errorMessage } from '../../../shared/api/api-fetch.ts';

/** A failure whose text the generic rules of spec §8 already fix (network, 401, 403) or the server sent. */
const spoken = (error: ApiError) =>
  error.details.fromServer === true || [0, 401, 403].includes(error.status);

/**
 * The toast of a failed embed token (spec §8): the server's message ("Report not found"), else
 * "Failed to get embed token", and `fallback` ("Failed to load report") for anything unexpected.
 */
export function tokenFailureText(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  return spoken(error) ? error.message : 'Failed to get embed token';
}

/**
 * The report list's error (spec §8): the server's message, else "Failed to fetch reports: <status>
 * <statusText>", and "Failed to fetch reports" when the server was not reached in a known way.
 */
export function reportsFailureText(error: unknown): string {
  if (error instanceof ApiError && !spoken(error))
    return `Failed to fetch reports: ${error.status} ${error.details.statusText ?? ''}`.trimEnd();
  return errorMessage(error, 'Failed to fetch reports');
}
