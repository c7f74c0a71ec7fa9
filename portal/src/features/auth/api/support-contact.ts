import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../shared/api/api-fetch.ts';

/**
 * The address "Contact Administrator" writes to: the operator's CANOPY_SUPPORT_EMAIL, or null
 * when none is set (or the server cannot say). Checked by hand rather than with the contract's
 * schema, which keeps the schema library out of the JavaScript that shows /login.
 */
export function useSupportEmail(): string | null {
  const contact = useQuery({
    queryKey: ['auth', 'support-contact'],
    queryFn: () => apiFetch<unknown>('/api/auth/contact', { authenticated: false }),
    staleTime: Infinity,
    retry: false,
  });
  const body = contact.data as { supportEmail?: unknown } | undefined;
  return typeof body?.supportEmail === 'string' && body.supportEmail ? body.supportEmail : null;
}
