import { UpdateNameRequest, type User } from '@canopy/portal-contract';
import { errorMessage } from '../../../shared/api/api-fetch.ts';
import { useZodForm } from '../../../shared/forms/use-zod-form.ts';
import { Card } from '../../../shared/ui/bits.tsx';
import { TextField } from '../../../shared/ui/field.tsx';
import { toast } from '../../../shared/ui/toast-store.ts';
import { useSaveName } from '../api/account-api.ts';
import { Button } from '../../../shared/ui/button.tsx';

/**
 * "Display name": the name the portal shows instead of one derived from the email. Checked with
 * the server's own rule (trimmed, 1 to 100 characters each, both or neither).
 */
export function NameForm({ account }: { account: User }) {
  const form = useZodForm(UpdateNameRequest, {
    firstName: account.firstName ?? '',
    lastName: account.lastName ?? '',
  });
  const save = useSaveName();

  // Sent as typed: the server trims with the same schema.
  const submit = form.submit(() =>
    save.mutate(form.values, {
      onSuccess: (user) => {
        form.reset({ firstName: user.firstName ?? '', lastName: user.lastName ?? '' });
        toast.success(user.firstName ? 'Name saved' : 'Name cleared');
      },
      onError: (error) => toast.error(errorMessage(error, 'Failed to save your name')),
    }),
  );

  return (
    <Card title="Display name" className="account-card">
      <p className="account-card__lead">
        Shown in the top bar, the team chat and the user lists. Leave both empty to use a name taken
        from your email ({account.email}).
      </p>
      <form className="account-form" onSubmit={submit} noValidate>
        <div className="account-form__pair">
          <TextField
            label="First name"
            autoComplete="given-name"
            maxLength={200}
            {...form.bind('firstName')}
          />
          <TextField
            label="Last name"
            autoComplete="family-name"
            maxLength={200}
            {...form.bind('lastName')}
          />
        </div>
        <div className="account-form__actions">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save name'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
