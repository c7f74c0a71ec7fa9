import { errorMessage } from '../../../shared/api/api-fetch.ts';

export const NOT_SYNCED_TOAST =
  'Report not found in database. Please sync reports first using the "Sync Reports" button.';

/**
 * "Failed to update permissions: …", except when the server says the report is unknown
 * and must be synced first — then the toast points at the Sync Reports button.
 */
export function accessFailureText(error: unknown): string {
  const message = errorMessage(error, 'Unknown error occurred');
  const lower = message.toLowerCase();
  if (lower.includes('not found') && lower.includes('sync')) return NOT_SYNCED_TOAST;
  return `Failed to update permissions: ${message}`;
}
