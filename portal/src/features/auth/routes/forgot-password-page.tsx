import { useMutation } from '@tanstack/react-query';
import { useZodForm } from '../../../shared/forms/use-zod-form.ts';
import { TextField } from '../../../shared/ui/field.tsx';
import { requestPasswordReset } from '../api/password.ts';
import { AuthForm } from '../components/auth-form.tsx';
import { AuthLayout } from '../components/auth-layout.tsx';
import { ForgotPasswordForm } from '../rules/auth-forms.ts';

export default function ForgotPasswordPage() {
  const form = useZodForm(ForgotPasswordForm, { email: '' });
  const mutation = useMutation({ mutationFn: requestPasswordReset });

  return (
    <AuthLayout
      title="Forgot password"
      lead="Enter your email address and we will send you a link to reset your password."
      backToSignIn
    >
      <AuthForm
        onSubmit={form.submit(({ email }) => mutation.mutate(email))}
        success={mutation.data}
        failure={mutation.error?.message}
        action="Send Reset Link"
        busyAction="Sending..."
        busy={mutation.isPending}
      >
        <TextField
          label="Email Address"
          type="email"
          autoComplete="email"
          {...form.bind('email')}
          required
        />
      </AuthForm>
    </AuthLayout>
  );
}
