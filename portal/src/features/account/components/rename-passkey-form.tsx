import type { Passkey } from '@canopy/portal-contract';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../shared/api/api-fetch.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { TextField } from '../../../shared/ui/field.tsx';
import { toast } from '../../../shared/ui/toast-store.ts';
import { useRenamePasskey } from '../api/two-step-api.ts';

/** A passkey's new name (the same rules as when it was added). */
export function RenamePasskeyForm(props: { passkey: Passkey; onDone: () => void }) {
  const rename = useRenamePasskey();
  const [name, setName] = useState(props.passkey.name);
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError('Give the passkey a name');
    rename.mutate(
      { passkeyId: props.passkey.id, name: name.trim() },
      {
        onSuccess: () => {
          toast.success('Passkey renamed');
          props.onDone();
        },
        onError: (failure) => setError(errorMessage(failure, 'Failed to rename the passkey')),
      },
    );
  };
  return (
    <form className="account-form" onSubmit={submit} noValidate>
      <TextField
        label="Passkey name"
        maxLength={64}
        // The dialog opened for this one field.
        autoFocus
        value={name}
        error={error}
        onChange={(event) => {
          setName(event.target.value);
          setError(undefined);
        }}
      />
      <div className="dialog__actions">
        <Button variant="secondary" onClick={props.onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={rename.isPending}>
          {rename.isPending ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </form>
  );
}
