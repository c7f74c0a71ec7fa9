import { useMutation } from '@tanstack/react-query';
import { Link, Navigate, useNavigate } from 'react-router';
import { useZodForm } from '../../../shared/forms/use-zod-form.ts';
import { homePath } from '../../../shared/session/home-path.ts';
import { sessionStore } from '../../../shared/session/session-store.ts';
import { useAuthState } from '../../../shared/session/use-session.ts';
import { TextField } from '../../../shared/ui/field.tsx';
import { login } from '../api/login.ts';
import { useSupportEmail } from '../api/support-contact.ts';
import { AuthForm } from '../components/auth-form.tsx';
import { AuthLayout } from '../components/auth-layout.tsx';

/** Imported on the form's first focus: the schema library is not part of the /login budget. */
const loadLoginForm = () => import('../rules/auth-forms.ts').then((forms) => forms.LoginForm);

export default function LoginPage() {
  const navigate = useNavigate();
  const state = useAuthState();
  const form = useZodForm(loadLoginForm, { email: '', password: '', remember: false });
  const supportEmail = useSupportEmail();
  const mutation = useMutation({
    mutationFn: (body: { email: string; password: string; remember: boolean }) =>
      login(body.email, body.password, body.remember),
    onSuccess: (person) => {
      sessionStore.signIn(person);
      void navigate(homePath({ status: 'signed-in', session: person }), { replace: true });
    },
  });

  if (state.status === 'signed-in' && !mutation.isPending && !mutation.isSuccess)
    return <Navigate to={homePath(state)} replace />;

  return (
    <AuthLayout title="Sign in" lead="Welcome back. Sign in to your organization's portal.">
      <AuthForm
        onSubmit={form.submit((body) => mutation.mutate(body))}
        onFocus={() => void loadLoginForm()}
        failure={mutation.isError ? mutation.error.message : form.errors['']}
        action="Sign In"
        busyAction="Signing in..."
        busy={mutation.isPending}
      >
        <TextField
          label="Email Address"
          type="email"
          autoComplete="username"
          {...form.bind('email')}
          required
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          {...form.bind('password')}
          required
        />
        <div className="form-row">
          {/* Unticked, the session ends when the browser closes (a shared computer is safe). */}
          <label className="checkbox">
            <input
              type="checkbox"
              checked={form.values.remember}
              onChange={(event) => form.set('remember', event.target.checked)}
            />
            Remember me
          </label>
          <Link to="/forgot-password">Forgot password?</Link>
        </div>
      </AuthForm>
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
