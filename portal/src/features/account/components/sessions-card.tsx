import type { AccountSession } from '@canopy/portal-contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../shared/api/api-fetch.ts';
import { dateTimeText } from '../../../shared/rules/format-date.ts';
import { describeUserAgent } from '../../../shared/rules/user-agent.ts';
import { sessionStore } from '../../../shared/session/session-store.ts';
import { Badge, Card, ErrorCard } from '../../../shared/ui/bits.tsx';
import { confirmAction } from '../../../shared/ui/confirm.tsx';
import { toast } from '../../../shared/ui/toast-store.ts';
import { endAllSessions, sessionsQuery, useEndSession } from '../api/account-api.ts';
import { Button } from '../../../shared/ui/button.tsx';

export const SIGNED_OUT_EVERYWHERE = 'You have been signed out on every device.';

/** "Active sessions": where the person is signed in, with a way to end any of them. */
export function SessionsCard() {
  const sessions = useQuery(sessionsQuery());
  const endOne = useEndSession();
  const navigate = useNavigate();
  const [endingAll, setEndingAll] = useState(false);

  const signOutEverywhere = async () => {
    const ok = await confirmAction(
      'Sign out of every device, this one included? You will need to sign in again.',
      'Sign out everywhere',
    );
    if (!ok) return;
    setEndingAll(true);
    try {
      await endAllSessions();
    } catch (error) {
      setEndingAll(false);
      toast.error(errorMessage(error, 'Failed to sign out everywhere'));
      return;
    }
    // The server ended this session too: nothing to tell it on the way out.
    sessionStore.signOut(undefined, { chosen: true });
    toast.success(SIGNED_OUT_EVERYWHERE);
    void navigate('/login', { replace: true });
  };

  return (
    <Card title="Active sessions" className="account-card">
      <p className="account-card__lead">
        Browsers signed in to your account. Sign out any you do not recognise, then change your
        password.
      </p>
      {sessions.isError && <ErrorCard message="Failed to load your sessions" />}
      {sessions.isPending && <span className="skeleton skeleton--card" aria-hidden="true" />}
      {sessions.data && (
        <ul className="session-list" aria-label="Active sessions">
          {sessions.data.map((session) => (
            <SessionItem
              key={session.id}
              session={session}
              ending={endOne.isPending && endOne.variables === session.id}
              onEnd={() =>
                endOne.mutate(session.id, {
                  onSuccess: () => toast.success('Session signed out'),
                  onError: (error) => toast.error(errorMessage(error, 'Failed to sign out')),
                })
              }
            />
          ))}
        </ul>
      )}
      <div className="account-form__actions">
        <Button variant="danger" disabled={endingAll} onClick={() => void signOutEverywhere()}>
          {endingAll ? 'Signing out...' : 'Sign out everywhere'}
        </Button>
      </div>
    </Card>
  );
}

function SessionItem(props: { session: AccountSession; ending: boolean; onEnd: () => void }) {
  const { session } = props;
  const device = describeUserAgent(session.userAgent);
  const mobile = /Android|iOS/.test(device);
  return (
    <li className="session-item">
      <svg className="session-item__icon" viewBox="0 0 24 24" aria-hidden="true">
        {mobile ? (
          <path d="M8 3h8a1 1 0 0 1 1 1v16a1 1 0 0 1-1 1H8a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1zm3 15h2" />
        ) : (
          <path d="M4 5h16v10H4zM9 19h6M12 15v4" />
        )}
      </svg>
      <div className="session-item__body">
        <p className="session-item__device">
          {device}
          {session.current && <Badge tone="success">This device</Badge>}
        </p>
        <p className="session-item__meta">
          <span>Signed in {dateTimeText(session.createdAt)}</span>
          <span>Last active {dateTimeText(session.lastUsedAt)}</span>
          {session.ip && <span>From {session.ip}</span>}
        </p>
      </div>
      {!session.current && (
        <Button variant="secondary" size="sm" disabled={props.ending} onClick={props.onEnd}>
          {props.ending ? 'Signing out...' : 'Sign out'}
          <span className="visually-hidden">{` ${device}, signed in ${dateTimeText(session.createdAt)}`}</span>
        </Button>
      )}
    </li>
  );
}
