import {
  endpoints,
  type ChangePasswordRequest,
  type UpdateNameRequest,
} from '@canopy/portal-contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/api-client.ts';
import { sessionStore } from '../../../shared/session/session-store.ts';

const keys = {
  account: ['account'] as const,
  sessions: ['account', 'sessions'] as const,
};

/** The signed-in person as the server has them now (the form starts from it). */
export const accountQuery = () =>
  queryOptions({
    queryKey: keys.account,
    queryFn: () => call(endpoints.getAccount, { cache: 'no-store' }),
    staleTime: 0,
  });

export const sessionsQuery = () =>
  queryOptions({
    queryKey: keys.sessions,
    queryFn: async () =>
      (await call(endpoints.listAccountSessions, { cache: 'no-store' })).sessions,
    staleTime: 0,
  });

/** Saves the name; the session takes it at once, so the top bar shows it without a reload. */
export function useSaveName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateNameRequest) => call(endpoints.updateAccountName, { body }),
    onSuccess: (user) => {
      queryClient.setQueryData(keys.account, user);
      sessionStore.update({ firstName: user.firstName, lastName: user.lastName });
      // Lists that show this person's name (the tenant's people) read it again.
      return queryClient.invalidateQueries({ queryKey: ['users'] });
    },
  });
}

/** Changes the password; the other sessions end on the server, so the list is read again. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePasswordRequest) => call(endpoints.changeAccountPassword, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.sessions }),
  });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) => call(endpoints.endAccountSession, { params: { sessionId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.sessions }),
  });
}

/** Ends every session of the person, this one included (the caller then signs out here). */
export const endAllSessions = () => call(endpoints.endAllAccountSessions);
