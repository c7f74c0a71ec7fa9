import { useMutation } from '@tanstack/react-query';
import { renewInvitation } from '../api/password.ts';
import { AuthLayout } from './auth-layout.tsx';
import { Button, ButtonLink } from '../../../shared/ui/button.tsx';

/**
 * A mailed link that no longer works (expired, already used, or replaced by a newer one) says so
 * before anyone types a password, and offers the way to a new one: an invitation asks the server
 * to mail a fresh invitation to its address; a reset goes back to "forgot password".
 */
export function ExpiredLink({ token, invitation }: { token: string; invitation: boolean }) {
  const renew = useMutation({ mutationFn: () => renewInvitation(token) });
  return (
    <AuthLayout
      title="Link expired"
      lead="This link has expired or was already used. Links work once, for a limited time."
      backToSignIn
    >
      {invitation ? (
        renew.isSuccess ? (
          <div className="notice" role="status">
            {renew.data}
          </div>
        ) : (
          <>
            {renew.isError && (
              <div className="notice notice--error" role="alert">
                Could not ask for a new invitation. Try again in a moment.
              </div>
            )}
            <Button block disabled={renew.isPending} onClick={() => renew.mutate()}>
              {renew.isPending ? 'Sending...' : 'Send Me a New Invitation'}
            </Button>
          </>
        )
      ) : (
        <ButtonLink block to="/forgot-password">
          Request New Link
        </ButtonLink>
      )}
    </AuthLayout>
  );
}
