import { ApiError, errorMessage } from '../../../shared/api/api-fetch.ts';
import { useZodForm } from '../../../shared/forms/use-zod-form.ts';
import { Card } from '../../../shared/ui/bits.tsx';
import { TextField } from '../../../shared/ui/field.tsx';
import { toast } from '../../../shared/ui/toast-store.ts';
import { useChangePassword } from '../api/account-api.ts';
import { PasswordChangeForm } from '../rules/account-rules.ts';
import { Button } from '../../../shared/ui/button.tsx';

const EMPTY = { currentPassword: '', newPassword: '', confirmation: '' };

/** "Change password": the current one, then a new one by the same rules as a reset. */
export function PasswordForm({ email }: { email: string }) {
  const form = useZodForm(PasswordChangeForm, EMPTY);
  const change = useChangePassword();

  const submit = form.submit(({ currentPassword, newPassword }) =>
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: ({ message }) => {
          form.reset();
          toast.success(message);
        },
        onError: (error) => {
          // A wrong current password belongs under its field; anything else is a toast.
          if (error instanceof ApiError && error.code === 'WRONG_PASSWORD')
            form.setError('currentPassword', error.message);
          else toast.error(errorMessage(error, 'Failed to change your password'));
        },
      },
    ),
  );

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
          {...form.bind('currentPassword')}
        />
        <div className="account-form__pair">
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            {...form.bind('newPassword')}
            hint="At least 8 characters, with an uppercase letter and a number."
          />
          <TextField
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            {...form.bind('confirmation')}
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
