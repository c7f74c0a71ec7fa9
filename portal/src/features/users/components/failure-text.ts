import { ApiError } from '../../../shared/api/api-fetch.ts';

/** The screen's toast text ("Error deleting user"), then the server's reason when it gave one. */
export const failureText = (specText: string, error: unknown) =>
  error instanceof ApiError && error.status > 0 && !error.message.startsWith('Request failed')
    ? `${specText}: ${error.message}`
    : specText;
