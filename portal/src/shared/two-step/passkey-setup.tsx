import type { MfaEnrolmentResult } from '@canopy/portal-contract';
import { useState, type FormEvent } from 'react';
import { ApiError, errorMessage } from '../api/api-fetch.ts';
import { describeUserAgent } from '../rules/user-agent.ts';
import { Button } from '../ui/button.tsx';
import { TextField } from '../ui/field.tsx';
import { PASSKEY_MESSAGES, passkeysSupported } from './passkey-ceremony.ts';
import { useAddPasskey } from './enrolment-api.ts';

/** A first name for a new passkey: the device it is made on ("Chrome on macOS"). */
const suggestedName = () =>
  typeof navigator === 'undefined' ? 'Passkey' : describeUserAgent(navigator.userAgent);

/**
 * Adding a passkey: a name to recognise it by, then the browser's own prompt (fingerprint, face,
 * PIN, a security key or a phone). The name can be changed later.
 */
export function PasskeySetup(props: {
  onDone: (result: MfaEnrolmentResult) => void;
  onCancel?: () => void;
}) {
  const add = useAddPasskey();
  const [name, setName] = useState(suggestedName);
  const [nameError, setNameError] = useState<string>();
  const supported = passkeysSupported();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setNameError('Give the passkey a name');
    setNameError(undefined);
    add.mutate(name.trim(), {
      onSuccess: props.onDone,
      onError: (error) => {
        // A refused name belongs under its field; the rest is said above the buttons.
        if (error instanceof ApiError && error.code === 'VALIDATION_FAILED')
          setNameError(error.message);
      },
    });
  };
  const failure = add.isError && !nameError ? errorMessage(add.error, add.error.message) : null;

  return (
    <form className="account-form" onSubmit={submit} noValidate>
      <p className="account-card__lead">
        A passkey signs you in with your fingerprint, face or device PIN, a security key or your
        phone. Nothing to type, and it cannot be phished.
      </p>
      {!supported && (
        <div className="notice notice--error" role="alert">
          {PASSKEY_MESSAGES.unsupported}
        </div>
      )}
      {failure && (
        <div className="notice notice--error" role="alert">
          {failure}
        </div>
      )}
      <TextField
        label="Passkey name"
        hint="To tell your passkeys apart, e.g. “Work laptop” or “YubiKey”."
        maxLength={64}
        value={name}
        error={nameError}
        onChange={(event) => setName(event.target.value)}
      />
      <div className="dialog__actions">
        {props.onCancel && (
          <Button variant="secondary" onClick={props.onCancel}>
            Cancel
          </Button>
        )}
        <Button type="submit" disabled={add.isPending || !supported}>
          {add.isPending ? 'Waiting for your passkey...' : 'Create passkey'}
        </Button>
      </div>
    </form>
  );
}
