import { ApiError } from '../../../shared/api/api-fetch.ts';

/** The spec's toast text, followed by the server's reason when it gave one. */
export const failureText = (specText: string, error: unknown) =>
  error instanceof ApiError && error.status > 0 && !error.message.startsWith('Request failed')
    ? `${specText}: ${error.message}`
    : specText;
