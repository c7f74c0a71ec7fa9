import {
  endpoints,
  type MfaStatus,
  type Reauthentication,
  type RecoveryCodes,
} from '@canopy/portal-contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/api-client.ts';
import { createPasskey } from './passkey-ceremony.ts';

const keys = { status: ['account', 'mfa'] as const };

/** The person's second factors as the server has them now. */
export const mfaStatusQuery = () =>
  queryOptions({
    queryKey: keys.status,
    queryFn: () => call(endpoints.getMfaStatus, { cache: 'no-store' }),
    staleTime: 0,
  });

/** Every change to a factor reads the status again (the list, the counts, "required"). */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: keys.status });
}

/** A new authenticator secret to scan; nothing changes until a code confirms it. */
export const startTotp = () => call(endpoints.startTotpEnrolment);

export function useConfirmTotp() {
  const refresh = useRefresh();
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
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (name: string) => {
      const { options } = await call(endpoints.startPasskeyRegistration);
      const credential = await createPasskey(options);
      return call(endpoints.registerPasskey, { body: { name, credential } });
    },
    onSuccess: refresh,
  });
}

export function useRenamePasskey() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { passkeyId: string; name: string }) =>
      call(endpoints.renamePasskey, {
        params: { passkeyId: input.passkeyId },
        body: { name: input.name },
      }),
    onSuccess: refresh,
  });
}

/** What removing or regenerating needs: the factor, and the proof that it is the owner. */
export type Reauthenticated =
  | { kind: 'totp'; proof: Reauthentication }
  | { kind: 'passkey'; passkeyId: string; proof: Reauthentication }
  | { kind: 'recovery-codes'; proof: Reauthentication };

/** Removes a factor or makes new recovery codes (the codes, for the latter). */
export function useReauthenticatedChange() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (change: Reauthenticated): Promise<RecoveryCodes | null> => {
      if (change.kind === 'totp') await call(endpoints.removeTotp, { body: change.proof });
      else if (change.kind === 'passkey')
        await call(endpoints.removePasskey, {
          params: { passkeyId: change.passkeyId },
          body: change.proof,
        });
      else return call(endpoints.regenerateRecoveryCodes, { body: change.proof });
      return null;
    },
    onSuccess: refresh,
  });
}

/** Whether the person has any second factor set up. */
export const hasFactor = (status: MfaStatus) => status.totp.enabled || status.passkeys.length > 0;
