import type { MfaEnrolmentResult } from '@canopy/portal-contract';
import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from '../components/auth-layout.tsx';
import { homePath } from '../../../shared/session/home-path.ts';
import { NEXT_PARAM, safeReturnPath } from '../../../shared/session/return-path.ts';
import { sessionStore } from '../../../shared/session/session-store.ts';
import { signOut } from '../../../shared/session/sign-out.ts';
import { refreshSession } from '../../../shared/session/token-refresh.ts';
import { useAuthState } from '../../../shared/session/use-session.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { PasskeySetup } from '../../../shared/two-step/passkey-setup.tsx';
import { RecoveryCodes } from '../../../shared/two-step/recovery-codes.tsx';
import { TotpSetup } from '../../../shared/two-step/totp-setup.tsx';
import '../../../shared/two-step/two-step.css';

type Stage = 'choose' | 'totp' | 'passkey' | { codes: string[] };

/**
 * /two-step-setup: the person's organisation (or, for a super administrator, the operator)
 * requires two-step verification and they have no second factor yet. Their session can do
 * nothing else until one is set up; then the portal carries on to where they were going.
 */
export default function EnrolmentPage() {
  const state = useAuthState();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [stage, setStage] = useState<Stage>('choose');
  const [finishing, setFinishing] = useState(false);

  if (state.status === 'unknown') return null;
  if (state.status === 'signed-out') return <Navigate to="/login" replace />;
  const { session } = state;
  // Nothing to set up (already done, or never required): on to the portal.
  if (!session.mfaEnrolmentRequired && !finishing && stage === 'choose')
    return <Navigate to={homePath(state)} replace />;

  const next = safeReturnPath(params.get(NEXT_PARAM));
  const carryOn = async () => {
    setFinishing(true);
    // The server lifted the restriction with the first factor: the next session answer says so.
    if (!(await refreshSession())) sessionStore.update({ mfaEnrolmentRequired: false });
    const now = sessionStore.getState();
    void navigate(next ?? homePath(now), { replace: true });
  };
  const enrolled = (result: MfaEnrolmentResult) => {
    if (result.recoveryCodes) setStage({ codes: result.recoveryCodes });
    else void carryOn();
  };
  const who =
    session.type === 'superadmin'
      ? 'Super administrators must use two-step verification.'
      : 'Your organisation requires two-step verification for everyone.';

  return (
    <AuthLayout
      title={
        typeof stage === 'object' ? 'Save your recovery codes' : 'Set up two-step verification'
      }
      lead={
        typeof stage === 'object'
          ? 'Two-step verification is on. Keep these codes for the day you cannot use your phone or passkey.'
          : `${who} Add a second way to prove it is you, then carry on to the portal.`
      }
      wide
    >
      {stage === 'choose' && (
        <div className="setup-choice">
          <Button block onClick={() => setStage('totp')}>
            Use an authenticator app
          </Button>
          <p className="setup-choice__hint">
            Google Authenticator, Microsoft Authenticator, 1Password or any app that shows 6-digit
            codes.
          </p>
          <Button block variant="secondary" onClick={() => setStage('passkey')}>
            Use a passkey
          </Button>
          <p className="setup-choice__hint">
            Your fingerprint, face or device PIN, a security key or your phone.
          </p>
        </div>
      )}
      {stage === 'totp' && <TotpSetup onDone={enrolled} onCancel={() => setStage('choose')} />}
      {stage === 'passkey' && (
        <PasskeySetup onDone={enrolled} onCancel={() => setStage('choose')} />
      )}
      {typeof stage === 'object' && (
        <RecoveryCodes
          codes={stage.codes}
          account={session.email}
          doneLabel={finishing ? 'Continuing...' : 'Continue'}
          onDone={() => void carryOn()}
        />
      )}
      {stage === 'choose' && (
        <p className="auth__footer">
          Signed in as {session.email}.{' '}
          <button
            type="button"
            className="link-button"
            onClick={() => {
              signOut();
              void navigate('/login', { replace: true });
            }}
          >
            Sign out
          </button>
        </p>
      )}
    </AuthLayout>
  );
}
