import { useState, type FormEvent } from 'react';
import { ApiError, errorMessage } from '../../../shared/api/api-fetch.ts';
import { Card } from '../../../shared/ui/bits.tsx';
import { TextField } from '../../../shared/ui/field.tsx';
import { toast } from '../../../shared/ui/toast-store.ts';
import { useChangePassword } from '../api/account-api.ts';
import { validatePasswordChange, type PasswordChangeErrors } from '../rules/account-rules.ts';
import { Button } from '../../../shared/ui/button.tsx';

/** "Change password": the current one, then a new one by the same rules as a reset. */
export function PasswordForm({ email }: { email: string }) {
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<PasswordChangeErrors>({});
  const change = useChangePassword();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validatePasswordChange(currentPassword, newPassword, confirmation);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: ({ message }) => {
          setCurrent('');
          setNew('');
          setConfirmation('');
          toast.success(message);
        },
        onError: (error) => {
          // A wrong current password belongs under its field; anything else is a toast.
          if (error instanceof ApiError && error.code === 'WRONG_PASSWORD')
            setErrors({ currentPassword: error.message });
          else toast.error(errorMessage(error, 'Failed to change your password'));
        },
      },
    );
  };

  return (
    <Card title="Change password" className="account-card">
      <p className="account-card__lead">
        Changing it signs you out everywhere else; this browser stays signed in.
      </p>
      <form className="account-form" onSubmit={submit} noValidate>
        {/* Lets password managers file the new password under the right account. */}
        <input type="text" hidden readOnly autoComplete="username" value={email} />
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          value={currentPassword}
          onChange={(event) => setCurrent(event.target.value)}
          error={errors.currentPassword}
        />
        <div className="account-form__pair">
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            value={newPassword}
            onChange={(event) => setNew(event.target.value)}
            error={errors.newPassword}
            hint="At least 8 characters, with an uppercase letter and a number."
          />
          <TextField
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            value={confirmation}
            onChange={(event) => setConfirmation(event.target.value)}
            error={errors.confirmation}
          />
        </div>
        <div className="account-form__actions">
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? 'Changing...' : 'Change password'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
