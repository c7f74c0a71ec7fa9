import type { Endpoints } from '@canopy/portal-contract';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../shared/api/api-fetch.ts';

/**
 * `endpoints.getSupportContact`, written out because this runs on /login: importing the endpoint
 * table would bring its schema library into the /login JavaScript budget (bench/RESULTS.md). The
 * type holds it to the declared path and method.
 */
const supportContact = {
  method: 'GET',
  path: '/api/auth/contact',
} as const satisfies Pick<Endpoints['getSupportContact'], 'method' | 'path'>;

/**
 * The address "Contact Administrator" writes to: the operator's CANOPY_SUPPORT_EMAIL, or null
 * when none is set (or the server cannot say). Checked by hand rather than with the contract's
 * schema, for the same reason.
 */
export function useSupportEmail(): string | null {
  const contact = useQuery({
    queryKey: ['auth', 'support-contact'],
    queryFn: () =>
      apiFetch<unknown>(supportContact.path, {
        method: supportContact.method,
        authenticated: false,
      }),
    staleTime: Infinity,
    retry: false,
  });
  const body = contact.data as { supportEmail?: unknown } | undefined;
  return typeof body?.supportEmail === 'string' && body.supportEmail ? body.supportEmail : null;
}
