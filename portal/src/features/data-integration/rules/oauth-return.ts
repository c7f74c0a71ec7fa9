import { DI_MESSAGES } from './messages.ts';

/** What the server's OAuth callback put on the data-integration address (oauth.service.ts). */
export type OauthReturn =
  { kind: 'connected'; message: string } | { kind: 'failed'; message: string } | null;

/** The callback's error codes, said so a super admin knows what to do next. */
const ERRORS: Record<string, string> = {
  access_denied: 'The connection was cancelled at the provider. Nothing was connected.',
  invalid_state:
    'The connection request expired or was already used. Please start again with Connect.',
  token_exchange_failed: 'The provider did not confirm the connection. Please try again.',
  no_organisation: 'No organisation was chosen at the provider, so nothing was connected.',
  provider_error: 'The provider reported an error. Please try again.',
};

/**
 * `?success=connected&source=<name>` → a success toast ending "integration connected
 * successfully"; `?error=<code>` → an error explained. Anything else is not a return.
 */
export function readOauthReturn(search: URLSearchParams): OauthReturn {
  const success = search.get('success');
  const source = search.get('source')?.trim();
  if (success === 'connected' && source)
    return { kind: 'connected', message: DI_MESSAGES.connected(source) };
  const error = search.get('error');
  if (error)
    return {
      kind: 'failed',
      message: `Connection failed: ${ERRORS[error] ?? ERRORS.provider_error}`,
    };
  return null;
}
