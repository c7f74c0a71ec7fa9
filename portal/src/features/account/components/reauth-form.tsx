import type { Reauthentication } from '@canopy/portal-contract';
import { useState, type FormEvent } from 'react';
import { ApiError, errorMessage } from '../../../shared/api/api-fetch.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { TextField } from '../../../shared/ui/field.tsx';

/** Server codes whose message belongs under the field the person typed in. */
const FIELD_CODES = new Set(['WRONG_PASSWORD', 'MFA_CODE_INVALID', 'VALIDATION_FAILED']);

/**
 * "Confirm it's you": the server asks for the current password, or a fresh code from the app (or a
 * recovery code) before a factor goes or new recovery codes are made, so a session left open on a
 * shared computer cannot weaken the account. `error` is the last refusal, shown where it belongs.
 */
export function ReauthForm(props: {
  email: string;
  action: string;
  busyAction: string;
  danger?: boolean;
  /** Whether the person has an authenticator app or recovery codes to offer a code from. */
  codeAllowed: boolean;
  pending: boolean;
  error: unknown;
  onSubmit: (proof: Reauthentication) => void;
  /** The person changed what they typed: the last refusal no longer applies. */
  onEdit: () => void;
  onCancel: () => void;
}) {
  const [mode, setMode] = useState<'password' | 'code'>('password');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [empty, setEmpty] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = (mode === 'password' ? password : code).trim();
    setEmpty(!value);
    if (!value) return;
    props.onSubmit(mode === 'password' ? { password } : { code: value });
  };

  const refusal = props.error instanceof ApiError ? props.error : null;
  const fieldError = empty
    ? mode === 'password'
      ? 'Enter your current password'
      : 'Enter a code'
    : refusal && refusal.code && FIELD_CODES.has(refusal.code)
      ? refusal.message
      : undefined;
  const failure =
    props.error && !fieldError ? errorMessage(props.error, 'Something went wrong') : null;

  return (
    <form className="account-form" onSubmit={submit} noValidate>
      {failure && (
        <div className="notice notice--error" role="alert">
          {failure}
        </div>
      )}
      {/* Lets password managers offer the password saved for this account. */}
      <input type="text" hidden readOnly autoComplete="username" value={props.email} />
      {mode === 'password' ? (
        <TextField
          key="password"
          label="Current password"
          type="password"
          autoComplete="current-password"
          // The dialog opened to ask for this: the field takes the keyboard at once.
          autoFocus
          value={password}
          error={fieldError}
          onChange={(event) => {
            setPassword(event.target.value);
            props.onEdit();
          }}
        />
      ) : (
        <TextField
          key="code"
          label="Code from your authenticator app, or a recovery code"
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus
          value={code}
          error={fieldError}
          onChange={(event) => {
            setCode(event.target.value);
            props.onEdit();
          }}
        />
      )}
      {props.codeAllowed && (
        <p className="two-step__switch">
          <button
            type="button"
            className="link-button"
            onClick={() => {
              setMode(mode === 'password' ? 'code' : 'password');
              setEmpty(false);
              props.onEdit();
            }}
          >
            {mode === 'password' ? 'Use a code instead' : 'Use your password instead'}
          </button>
        </p>
      )}
      <div className="dialog__actions">
        <Button variant="secondary" onClick={props.onCancel}>
          Cancel
        </Button>
        <Button
          type="submit"
          variant={props.danger ? 'danger' : 'primary'}
          disabled={props.pending}
        >
          {props.pending ? props.busyAction : props.action}
        </Button>
      </div>
    </form>
  );
}
