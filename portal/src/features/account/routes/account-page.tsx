import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../../shared/session/use-session.ts';
import { Card, ErrorCard, PageHeader } from '../../../shared/ui/bits.tsx';
import '../account.css';
import { accountQuery } from '../api/account-api.ts';
import { NameForm } from '../components/name-form.tsx';
import { PasswordForm } from '../components/password-form.tsx';
import { SessionsCard } from '../components/sessions-card.tsx';
import { TwoStepCard } from '../components/two-step-card.tsx';

/** My account: every signed-in person's own name, password, second factors and sessions. */
export default function AccountPage() {
  const session = useSession();
  const account = useQuery(accountQuery());
  return (
    <div className="account-page">
      <PageHeader title="My account" subtitle={`Signed in as ${session.email}`} />
      {account.isError && <ErrorCard message="Failed to load your account" />}
      {account.data ? (
        <NameForm account={account.data} />
      ) : (
        account.isPending && (
          <Card title="Display name">
            <span className="skeleton skeleton--card" aria-hidden="true" />
          </Card>
        )
      )}
      {/* An account without a password signs in through single sign-on only: nothing to change. */}
      {account.data?.status === 'invited' ? (
        <Card title="Password" className="account-card">
          <p className="account-card__lead">
            Your account signs in with single sign-on and has no password to change.
          </p>
        </Card>
      ) : (
        <PasswordForm email={session.email} />
      )}
      <TwoStepCard email={session.email} />
      <SessionsCard />
    </div>
  );
}
