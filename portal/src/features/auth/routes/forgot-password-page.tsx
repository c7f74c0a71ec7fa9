import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useZodForm } from '../../../shared/forms/use-zod-form.ts';
import { TextField } from '../../../shared/ui/field.tsx';
import { requestPasswordReset } from '../api/password.ts';
import { AuthLayout } from '../components/auth-layout.tsx';
import { ForgotPasswordForm } from '../rules/auth-forms.ts';
import { Button } from '../../../shared/ui/button.tsx';

export default function ForgotPasswordPage() {
  const form = useZodForm(ForgotPasswordForm, { email: '' });
  const mutation = useMutation({ mutationFn: requestPasswordReset });

  return (
    <AuthLayout
      title="Forgot password"
      lead="Enter your email address and we will send you a link to reset your password."
    >
      <form
        className="auth__form"
        onSubmit={form.submit(({ email }) => mutation.mutate(email))}
        noValidate
      >
        {mutation.isSuccess && (
          <div className="notice notice--success" role="status">
            {mutation.data}
          </div>
        )}
        {mutation.isError && (
          <div className="notice notice--error" role="alert">
            {mutation.error.message}
          </div>
        )}
        <TextField
          label="Email Address"
          type="email"
          autoComplete="email"
          {...form.bind('email')}
          required
        />
        <Button block type="submit" disabled={mutation.isPending}>
          {mutation.isPending ? 'Sending...' : 'Send Reset Link'}
        </Button>
      </form>
      <p className="auth__footer">
        <Link to="/login">Back to sign in</Link>
      </p>
    </AuthLayout>
  );
}
