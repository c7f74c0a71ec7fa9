import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { validateLogin, type LoginErrors } from '../../../shared/rules/validation.ts';
import { homePath } from '../../../shared/session/home-path.ts';
import { sessionStore } from '../../../shared/session/session-store.ts';
import { useAuthState } from '../../../shared/session/use-session.ts';
import { TextField } from '../../../shared/ui/field.tsx';
import { login } from '../api/login.ts';
import { useSupportEmail } from '../api/support-contact.ts';
import { AuthLayout } from '../components/auth-layout.tsx';
import { Button } from '../../../shared/ui/button.tsx';

export default function LoginPage() {
  const navigate = useNavigate();
  const state = useAuthState();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [errors, setErrors] = useState<LoginErrors>({});
  const supportEmail = useSupportEmail();
  const mutation = useMutation({
    mutationFn: () => login(email.trim(), password, remember),
    onSuccess: (person) => {
      sessionStore.signIn(person);
      void navigate(homePath({ status: 'signed-in', session: person }), { replace: true });
    },
  });

  if (state.status === 'signed-in' && !mutation.isPending && !mutation.isSuccess)
    return <Navigate to={homePath(state)} replace />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateLogin(email, password);
    setErrors(found);
    if (Object.keys(found).length === 0) mutation.mutate();
  };

  return (
    <AuthLayout title="Sign in" lead="Welcome back. Sign in to your organization's portal.">
      <form className="auth__form" onSubmit={submit} noValidate>
        {mutation.isError && (
          <div className="notice notice--error" role="alert">
            {mutation.error.message}
          </div>
        )}
        <TextField
          label="Email Address"
          type="email"
          autoComplete="username"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={errors.email}
          required
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errors.password}
          required
        />
        <div className="form-row">
          {/* Unticked, the session ends when the browser closes (a shared computer is safe). */}
          <label className="checkbox">
            <input
              type="checkbox"
              checked={remember}
              onChange={(event) => setRemember(event.target.checked)}
            />
            Remember me
          </label>
          <Link to="/forgot-password">Forgot password?</Link>
        </div>
        <Button block type="submit" disabled={mutation.isPending}>
          {mutation.isPending ? 'Signing in...' : 'Sign In'}
        </Button>
      </form>
      <p className="auth__footer">
        {/* The operator's address (CANOPY_SUPPORT_EMAIL); without one, say whom to ask. */}
        {supportEmail ? (
          <>
            Need an account? <a href={`mailto:${supportEmail}`}>Contact Administrator</a>
          </>
        ) : (
          "Need an account? Ask your organization's administrator."
        )}
      </p>
    </AuthLayout>
  );
}
