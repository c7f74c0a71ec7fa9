import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { useZodForm } from '../../../shared/forms/use-zod-form.ts';
import { TextField } from '../../../shared/ui/field.tsx';
import { toast } from '../../../shared/ui/toast-store.ts';
import { PASSWORD_MESSAGES, passwordLinkStatus, resetPassword } from '../api/password.ts';
import { AuthForm } from '../components/auth-form.tsx';
import { AuthLayout } from '../components/auth-layout.tsx';
import { ExpiredLink } from '../components/expired-link.tsx';
import { ResetPasswordForm } from '../rules/auth-forms.ts';
import { ButtonLink } from '../../../shared/ui/button.tsx';

export default function ResetPasswordPage() {
  const [search] = useSearchParams();
  const token = search.get('token');
  if (!token) return <InvalidToken />;
  return <CheckedLink token={token} />;
}

/**
 * The link is checked first: one that no longer works explains itself instead of a form that
 * would fail only after a password was chosen. If the check itself fails, the form is shown and
 * its submission gives the server's answer.
 */
function CheckedLink({ token }: { token: string }) {
  const status = useQuery({
    queryKey: ['password-link', token],
    queryFn: () => passwordLinkStatus(token),
    retry: false,
    staleTime: Infinity,
  });
  if (status.data && !status.data.usable)
    return <ExpiredLink token={token} invitation={status.data.purpose === 'invite'} />;
  return <ResetForm token={token} />;
}

/**
 * With no token in the address: the "Invalid Token" page with "Request New Link", and the way back
 * to sign in that every other sign-in page ends with.
 */
function InvalidToken() {
  return (
    <AuthLayout
      title="Invalid Token"
      lead="This password reset link is missing its token or is incomplete."
      backToSignIn
    >
      <ButtonLink block to="/forgot-password">
        Request New Link
      </ButtonLink>
    </AuthLayout>
  );
}

function ResetForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const form = useZodForm(ResetPasswordForm, { newPassword: '', confirmation: '' });
  const mutation = useMutation({
    mutationFn: (password: string) => resetPassword(token, password),
    onSuccess: () => {
      toast.success(PASSWORD_MESSAGES.resetDone);
      void navigate('/login', { replace: true });
    },
  });
  return (
    <AuthLayout title="Reset password" lead="Choose a new password for your account." backToSignIn>
      <AuthForm
        onSubmit={form.submit(({ newPassword }) => mutation.mutate(newPassword))}
        failure={mutation.error?.message}
        action="Reset Password"
        busyAction="Resetting..."
        busy={mutation.isPending}
      >
        <TextField
          label="New Password"
          type="password"
          autoComplete="new-password"
          {...form.bind('newPassword')}
          hint="At least 8 characters, with an uppercase letter and a number."
          required
        />
        <TextField
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          {...form.bind('confirmation')}
          required
        />
      </AuthForm>
    </AuthLayout>
  );
}
