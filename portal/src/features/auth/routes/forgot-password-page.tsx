import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { TextField } from '../../../shared/ui/field.tsx';
import { requestPasswordReset } from '../api/password.ts';
import { AuthLayout } from '../components/auth-layout.tsx';
import { Button } from '../../../shared/ui/button.tsx';

export default function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const mutation = useMutation({ mutationFn: () => requestPasswordReset(email.trim()) });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) {
      setError('Email is required');
      return;
    }
    setError(undefined);
    mutation.mutate();
  };

  return (
    <AuthLayout
      title="Forgot password"
      lead="Enter your email address and we will send you a link to reset your password."
    >
      <form className="auth__form" onSubmit={submit} noValidate>
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
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={error}
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
