import type { User } from '@canopy/portal-contract';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../shared/api/api-fetch.ts';
import { Card } from '../../../shared/ui/bits.tsx';
import { TextField } from '../../../shared/ui/field.tsx';
import { toast } from '../../../shared/ui/toast-store.ts';
import { useSaveName } from '../api/account-api.ts';
import { validateName, type NameErrors } from '../rules/account-rules.ts';
import { Button } from '../../../shared/ui/button.tsx';

/** "Display name": the name the portal shows instead of one derived from the email. */
export function NameForm({ account }: { account: User }) {
  const [firstName, setFirstName] = useState(account.firstName ?? '');
  const [lastName, setLastName] = useState(account.lastName ?? '');
  const [errors, setErrors] = useState<NameErrors>({});
  const save = useSaveName();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateName(firstName, lastName);
    setErrors(found);
    if (found.firstName || found.lastName) return;
    save.mutate(
      { firstName, lastName },
      {
        onSuccess: (user) => {
          setFirstName(user.firstName ?? '');
          setLastName(user.lastName ?? '');
          toast.success(user.firstName ? 'Name saved' : 'Name cleared');
        },
        onError: (error) => toast.error(errorMessage(error, 'Failed to save your name')),
      },
    );
  };

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
            value={firstName}
            maxLength={200}
            onChange={(event) => setFirstName(event.target.value)}
            error={errors.firstName}
          />
          <TextField
            label="Last name"
            autoComplete="family-name"
            value={lastName}
            maxLength={200}
            onChange={(event) => setLastName(event.target.value)}
            error={errors.lastName}
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
