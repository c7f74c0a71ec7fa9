import type { SecondFactorChallenge, SignedInPerson } from '@canopy/portal-contract';
import { useMutation } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useZodForm } from '../../../shared/forms/use-zod-form.ts';
import { ENROLMENT_PATH, homePath } from '../../../shared/session/home-path.ts';
import { NEXT_PARAM, safeReturnPath, withReturnPath } from '../../../shared/session/return-path.ts';
import { sessionStore, type AuthState } from '../../../shared/session/session-store.ts';
import { useAuthState } from '../../../shared/session/use-session.ts';
import { Spinner } from '../../../shared/ui/bits.tsx';
import { TextField } from '../../../shared/ui/field.tsx';
import { toast } from '../../../shared/ui/toast-store.ts';
import { login } from '../api/login.ts';
import { useSupportEmail } from '../api/support-contact.ts';
import { AuthForm } from '../components/auth-form.tsx';
import { AuthLayout } from '../components/auth-layout.tsx';

/** Imported on the form's first focus: the schema library is not part of the /login budget. */
const loadLoginForm = () => import('../rules/auth-forms.ts').then((forms) => forms.LoginForm);

/** The second step and its passkey library load only for the people who have one. */
const SecondFactorStep = lazy(() =>
  import('../components/second-factor-step.tsx').then((module) => ({
    default: module.SecondFactorStep,
  })),
);

/** Fewer recovery codes than this left after using one: time to make new ones. */
const FEW_RECOVERY_CODES = 3;

/**
 * Where a signed-in person goes from here: the address they opened before signing in (`?next=`,
 * same-origin paths only), else their home. Someone who must first set up two-step verification
 * goes to its set-up page, which carries on to that address after.
 */
function landingPath(state: AuthState, next: string | null): string {
  const home = homePath(state);
  if (home === ENROLMENT_PATH) return withReturnPath(ENROLMENT_PATH, next);
  return next ?? home;
}

export default function LoginPage() {
  const navigate = useNavigate();
  const state = useAuthState();
  const [search] = useSearchParams();
  const next = safeReturnPath(search.get(NEXT_PARAM));
  const form = useZodForm(loadLoginForm, { email: '', password: '', remember: false });
  const supportEmail = useSupportEmail();
  const [challenge, setChallenge] = useState<SecondFactorChallenge | null>(null);
  /** Why the person is back at the password (the second step expired), said above the fields. */
  const [notice, setNotice] = useState<string | null>(null);
  const [signingIn, setSigningIn] = useState(false);

  const enter = (person: SignedInPerson) => {
    setSigningIn(true);
    sessionStore.signIn(person);
    // A person who must use two-step verification and has no factor sets one up first.
    void navigate(landingPath({ status: 'signed-in', session: person }, next), { replace: true });
  };
  const mutation = useMutation({
    mutationFn: (body: { email: string; password: string; remember: boolean }) =>
      login(body.email, body.password, body.remember),
    onMutate: () => setNotice(null),
    onSuccess: (answer) => {
      if ('step' in answer) setChallenge(answer);
      else enter(answer);
    },
  });
  const backToPassword = (message?: string) => {
    setChallenge(null);
    setNotice(message ?? null);
    mutation.reset();
    form.set('password', '');
  };

  if (state.status === 'signed-in' && !signingIn && !mutation.isPending)
    return <Navigate to={landingPath(state, next)} replace />;

  if (challenge)
    return (
      <AuthLayout title="Two-step verification">
        <Suspense fallback={<Spinner label="Loading" />}>
          <SecondFactorStep
            challenge={challenge}
            onEnded={backToPassword}
            onSignedIn={(person) => {
              const left = person.recoveryCodesLeft;
              if (left !== undefined)
                (left < FEW_RECOVERY_CODES ? toast.error : toast.info)(
                  `Recovery code used. ${left} left${left < FEW_RECOVERY_CODES ? ': make new ones on My account' : ''}.`,
                );
              enter(person);
            }}
          />
        </Suspense>
      </AuthLayout>
    );

  return (
    <AuthLayout title="Sign in" lead="Welcome back. Sign in to your organization's portal.">
      <AuthForm
        onSubmit={form.submit((body) => mutation.mutate(body))}
        onFocus={() => void loadLoginForm()}
        failure={mutation.isError ? mutation.error.message : (form.errors[''] ?? notice)}
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
