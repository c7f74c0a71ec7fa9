import type { MfaEnrolmentResult } from '@canopy/portal-contract';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { ApiError, errorMessage } from '../api/api-fetch.ts';
import { ErrorCard, Spinner } from '../ui/bits.tsx';
import { Button } from '../ui/button.tsx';
import { startTotp, useConfirmTotp } from './enrolment-api.ts';
import { groupedSecret, isCompleteCode } from './one-time-code.ts';
import { CodeField } from './code-field.tsx';
import { QrCode } from './qr-code.tsx';

/**
 * Setting up an authenticator app: a new secret as a QR code and as text, then a code from the app
 * to prove it holds the secret. Until that code is confirmed nothing changes on the account.
 */
export function TotpSetup(props: {
  onDone: (result: MfaEnrolmentResult) => void;
  onCancel?: () => void;
}) {
  const secret = useMutation({ mutationFn: startTotp });
  const confirm = useConfirmTotp();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const start = secret.mutate;
  useEffect(() => start(), [start]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isCompleteCode(code)) {
      setCodeError('Enter the 6 digits your authenticator app shows');
      return;
    }
    setCodeError(undefined);
    confirm.mutate(code, {
      onSuccess: props.onDone,
      onError: (error) => {
        if (error instanceof ApiError && error.status === 400) setCodeError(error.message);
      },
    });
  };

  if (secret.isError)
    return <ErrorCard message={errorMessage(secret.error, 'Could not start the set-up')} />;
  if (!secret.data) return <Spinner label="Preparing your secret" />;
  const failure =
    confirm.isError && !(confirm.error instanceof ApiError && confirm.error.status === 400)
      ? errorMessage(confirm.error, 'Could not finish the set-up')
      : null;
  return (
    <form className="totp-setup" onSubmit={submit} noValidate>
      <ol className="steps">
        <li>
          Open an authenticator app on your phone (Google Authenticator, Microsoft Authenticator,
          1Password…) and add an account.
        </li>
        <li>Scan this QR code, or type the setup key shown with it.</li>
        <li>Enter the 6-digit code the app then shows.</li>
      </ol>
      <div className="totp-setup__pair">
        <QrCode value={secret.data.otpauthUri} label="QR code for your authenticator app" />
        <p className="totp-setup__manual">
          Can&apos;t scan it? Choose to enter a setup key in the app and type this key (time-based):
          <code className="secret-text" aria-label="Setup key">
            {groupedSecret(secret.data.secret)}
          </code>
        </p>
      </div>
      {failure && (
        <div className="notice notice--error" role="alert">
          {failure}
        </div>
      )}
      <CodeField
        label="Code from the app"
        value={code}
        error={codeError}
        onChange={(digits) => {
          setCode(digits);
          setCodeError(undefined);
        }}
      />
      <div className="dialog__actions">
        {props.onCancel && (
          <Button variant="secondary" onClick={props.onCancel}>
            Cancel
          </Button>
        )}
        <Button type="submit" disabled={confirm.isPending}>
          {confirm.isPending ? 'Checking...' : 'Turn on'}
        </Button>
      </div>
    </form>
  );
}
