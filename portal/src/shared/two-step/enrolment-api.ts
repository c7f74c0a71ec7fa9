import { endpoints, type MfaStatus } from '@canopy/portal-contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../api/api-client.ts';
import { createPasskey } from './passkey-ceremony.ts';

/** The query key of the person's second factors (every change to one reads them again). */
export const mfaStatusKey = ['account', 'mfa'] as const;

/** The person's second factors as the server has them now. */
export const mfaStatusQuery = () =>
  queryOptions({
    queryKey: mfaStatusKey,
    queryFn: () => call(endpoints.getMfaStatus, { cache: 'no-store' }),
    staleTime: 0,
  });

/** Every change to a factor reads the status again (the list, the counts, "required"). */
export function useRefreshMfaStatus() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: mfaStatusKey });
}

/** A new authenticator secret to scan; nothing changes until a code confirms it. */
export const startTotp = () => call(endpoints.startTotpEnrolment);

export function useConfirmTotp() {
  const refresh = useRefreshMfaStatus();
  return useMutation({
    mutationFn: (code: string) => call(endpoints.confirmTotpEnrolment, { body: { code } }),
    onSuccess: refresh,
  });
}

/**
 * Adds a passkey: the server's options, the browser's ceremony (the person touches their sensor or
 * unlocks their phone), then the browser's answer under the chosen name.
 */
export function useAddPasskey() {
  const refresh = useRefreshMfaStatus();
  return useMutation({
    mutationFn: async (name: string) => {
      const { options } = await call(endpoints.startPasskeyRegistration);
      const credential = await createPasskey(options);
      return call(endpoints.registerPasskey, { body: { name, credential } });
    },
    onSuccess: refresh,
  });
}

/** Whether the person has any second factor set up. */
export const hasFactor = (status: MfaStatus) => status.totp.enabled || status.passkeys.length > 0;
