import type { SecondFactorChallenge, SecondFactorSignIn } from '@canopy/portal-contract';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useState, type FormEvent } from 'react';
import { Button } from '../../../shared/ui/button.tsx';
import { TextField } from '../../../shared/ui/field.tsx';
import { passkeysSupported } from '../../../shared/two-step/passkey-ceremony.ts';
import { StepEnded, STEP_EXPIRED, verifyCode, verifyPasskey } from '../api/second-step.ts';
import { isCompleteCode, recoveryCodeText } from '../../../shared/two-step/one-time-code.ts';
import '../../../shared/two-step/two-step.css';
import { CodeField } from '../../../shared/two-step/code-field.tsx';

type Method = SecondFactorChallenge['methods'][number];

export interface SecondFactorStepProps {
  challenge: SecondFactorChallenge;
  onSignedIn: (person: SecondFactorSignIn) => void;
  /** Back to the password: the step expired (with why), or the person chose to. */
  onEnded: (message?: string) => void;
}

const LEADS: Record<Method, string> = {
  totp: 'Enter the 6-digit code from your authenticator app.',
  passkey: 'Use the passkey saved on this device, a security key or your phone.',
  'recovery-code':
    'Enter one of the recovery codes you saved when you set up two-step verification.',
};

const ORDER: readonly Method[] = ['totp', 'passkey', 'recovery-code'];

/** The method offered first: the app's code if there is one (it needs nothing but the phone). */
const firstMethod = (methods: readonly Method[]): Method =>
  methods.includes('totp') ? 'totp' : methods.includes('passkey') ? 'passkey' : 'recovery-code';

/**
 * The second step of sign-in: a code from the authenticator app, a passkey, or a recovery code,
 * whichever the person has. The ticket is good for a few minutes; past its expiry (or once the
 * server says it is gone) the page goes back to the password with a message.
 */
export function SecondFactorStep({ challenge, onSignedIn, onEnded }: SecondFactorStepProps) {
  const [method, setMethod] = useState<Method>(() => firstMethod(challenge.methods));
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const verify = useMutation({
    mutationFn: (input: { method: Method; code?: string }) =>
      input.method === 'passkey'
        ? verifyPasskey(challenge)
        : verifyCode(challenge, input.method, input.code ?? ''),
    onSuccess: onSignedIn,
    onError: (error) => {
      if (error instanceof StepEnded) onEnded(error.message);
    },
  });

  // The ticket's own clock: an idle page returns to the password when it runs out.
  const expire = useEffectEvent(() => onEnded(STEP_EXPIRED));
  useEffect(() => {
    const left = Date.parse(challenge.expiresAt) - Date.now();
    const timer = setTimeout(expire, Math.max(left, 0));
    return () => clearTimeout(timer);
  }, [challenge.expiresAt]);

  const choose = (next: Method) => {
    verify.reset();
    setFieldError(undefined);
    setMethod(next);
    if (next === 'passkey') verify.mutate({ method: 'passkey' });
  };

  const submitCode = (digits: string) => {
    if (!isCompleteCode(digits)) {
      setFieldError('Enter the 6 digits your authenticator app shows');
      return;
    }
    setFieldError(undefined);
    verify.mutate({ method: 'totp', code: digits });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (verify.isPending) return;
    if (method === 'totp') submitCode(code);
    else if (method === 'recovery-code') {
      const typed = recoveryCodeText(recovery);
      if (!typed) return setFieldError('Enter one of your recovery codes');
      setFieldError(undefined);
      verify.mutate({ method: 'recovery-code', code: typed });
    } else verify.mutate({ method: 'passkey' });
  };

  const failure =
    verify.isError && !(verify.error instanceof StepEnded) ? verify.error.message : null;
  // A recovery code is the last resort: offered after the app and the passkey.
  const others = ORDER.filter(
    (other) =>
      other !== method &&
      challenge.methods.includes(other) &&
      (other !== 'passkey' || passkeysSupported()),
  );

  return (
    <>
      <p className="auth__lead">{LEADS[method]}</p>
      <form className="auth__form" onSubmit={submit} noValidate>
        {failure && (
          <div className="notice notice--error" role="alert">
            {failure}
          </div>
        )}
        {method === 'totp' && (
          <CodeField
            label="Verification code"
            value={code}
            autoFocus
            error={fieldError}
            onChange={(digits) => {
              setCode(digits);
              // A pasted or autofilled code goes at once; typing the sixth digit does too.
              if (isCompleteCode(digits) && digits !== code && !verify.isPending)
                submitCode(digits);
            }}
          />
        )}
        {method === 'recovery-code' && (
          <TextField
            label="Recovery code"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="abcde-12345"
            // The person chose this way in: the field takes the keyboard at once.
            autoFocus
            value={recovery}
            error={fieldError}
            onChange={(event) => setRecovery(event.target.value)}
          />
        )}
        <Button block type="submit" disabled={verify.isPending}>
          {verify.isPending
            ? method === 'passkey'
              ? 'Waiting for your passkey...'
              : 'Verifying...'
            : method === 'passkey'
              ? 'Use a passkey'
              : 'Verify'}
        </Button>
      </form>
      {others.length > 0 && (
        <div className="two-step__alternatives">
          <p className="two-step__divider">Other ways to verify</p>
          {others.map((other) => (
            <Button
              key={other}
              variant="secondary"
              block
              disabled={verify.isPending}
              onClick={() => choose(other)}
            >
              {other === 'totp'
                ? 'Use your authenticator app'
                : other === 'passkey'
                  ? 'Use a passkey'
                  : 'Use a recovery code'}
            </Button>
          ))}
        </div>
      )}
      <p className="auth__footer">
        <button type="button" className="link-button" onClick={() => onEnded()}>
          Back to sign in
        </button>
      </p>
    </>
  );
}
