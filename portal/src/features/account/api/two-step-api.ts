import { endpoints, type Reauthentication, type RecoveryCodes } from '@canopy/portal-contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../shared/api/api-client.ts';
import { useRefreshMfaStatus } from '../../../shared/two-step/enrolment-api.ts';

export function useRenamePasskey() {
  const refresh = useRefreshMfaStatus();
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
  const refresh = useRefreshMfaStatus();
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
