import type { MfaStatus, Passkey } from '@canopy/portal-contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { dateTimeText } from '../../../shared/rules/format-date.ts';
import { Badge, Card, ErrorCard } from '../../../shared/ui/bits.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import { toast } from '../../../shared/ui/toast-store.ts';
import { hasFactor, mfaStatusQuery } from '../../../shared/two-step/enrolment-api.ts';
import '../../../shared/two-step/two-step.css';
import { FactorItem } from './factor-item.tsx';
import { TwoStepDialog } from './two-step-dialog.tsx';
import type { TwoStepPanel } from './two-step-panel.ts';

/** How many recovery codes a set holds (the server makes ten). */
const CODES_PER_SET = 10;

/** The policy's words when the last factor may not go (the server refuses it too). */
const LAST_FACTOR =
  'Two-step verification is required for your account: add another way to verify before removing this one.';

const factorCount = (status: MfaStatus) => (status.totp.enabled ? 1 : 0) + status.passkeys.length;

/**
 * "Two-step verification" on My account: whether it is on (and required), the authenticator app,
 * the passkeys and the recovery codes, each with its set-up, rename and remove.
 */
export function TwoStepCard({ email }: { email: string }) {
  const status = useQuery(mfaStatusQuery());
  const [panel, setPanel] = useState<TwoStepPanel | null>(null);
  return (
    <Card title="Two-step verification" className="account-card">
      <p className="account-card__lead">
        After your password, a second step proves it is you: a code from an authenticator app or a
        passkey. Someone who learns your password still cannot sign in.
      </p>
      {status.isError && <ErrorCard message="Failed to load your two-step verification" />}
      {status.isPending && <span className="skeleton skeleton--card" aria-hidden="true" />}
      {status.data && <Factors status={status.data} onPanel={setPanel} />}
      {status.data && (
        <TwoStepDialog panel={panel} status={status.data} email={email} onPanel={setPanel} />
      )}
    </Card>
  );
}

function Factors({
  status,
  onPanel,
}: {
  status: MfaStatus;
  onPanel: (panel: TwoStepPanel) => void;
}) {
  const on = hasFactor(status);
  // The last factor of a person who must use two-step verification stays.
  const removable = !status.required || factorCount(status) > 1;
  const remove = (panel: TwoStepPanel) => (removable ? onPanel(panel) : toast.error(LAST_FACTOR));
  return (
    <>
      <p className="two-step-status" role="status">
        {on ? <Badge tone="success">On</Badge> : <Badge>Off</Badge>}
        {status.required && <Badge tone="primary">Required</Badge>}
        <span>
          {on
            ? 'You are asked for a second step each time you sign in.'
            : status.required
              ? 'Set up a way to verify: your account requires it.'
              : 'Set up a way to verify to turn it on.'}
        </span>
      </p>

      <section className="factor-section" aria-label="Authenticator app">
        <ul className="factor-list">
          <FactorItem
            icon="app"
            title={
              status.totp.enabled ? (
                <>
                  Authenticator app <Badge tone="success">On</Badge>
                </>
              ) : (
                'Authenticator app'
              )
            }
            meta={
              status.totp.enabled ? (
                <span>Set up {dateTimeText(status.totp.enabledAt)}</span>
              ) : (
                'A 6-digit code from an app on your phone.'
              )
            }
            actions={
              status.totp.enabled ? (
                <Button
                  variant="ghost-danger"
                  size="sm"
                  onClick={() => remove({ kind: 'remove-totp' })}
                >
                  Remove
                  <span className="visually-hidden"> the authenticator app</span>
                </Button>
              ) : (
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => onPanel({ kind: 'totp-setup' })}
                >
                  Set up
                  <span className="visually-hidden"> an authenticator app</span>
                </Button>
              )
            }
          />
        </ul>
      </section>

      <section className="factor-section" aria-labelledby="two-step-passkeys">
        <h3 className="factor-section__title" id="two-step-passkeys">
          Passkeys
        </h3>
        {status.passkeys.length > 0 ? (
          <ul className="factor-list" aria-label="Passkeys">
            {status.passkeys.map((passkey) => (
              <PasskeyItem
                key={passkey.id}
                passkey={passkey}
                onRename={() => onPanel({ kind: 'rename', passkey })}
                onRemove={() => remove({ kind: 'remove-passkey', passkey })}
              />
            ))}
          </ul>
        ) : (
          <p className="account-card__lead">
            No passkeys yet. A passkey signs you in with your fingerprint, face or a security key.
          </p>
        )}
        <div className="factor-section__actions">
          <Button variant="secondary" onClick={() => onPanel({ kind: 'passkey-setup' })}>
            Add a passkey
          </Button>
        </div>
      </section>

      {on && (
        <section className="factor-section" aria-labelledby="two-step-codes">
          <h3 className="factor-section__title" id="two-step-codes">
            Recovery codes
          </h3>
          <ul className="factor-list">
            <FactorItem
              icon="codes"
              title={
                <>
                  {`${status.recoveryCodes.remaining} of ${CODES_PER_SET} left`}
                  {status.recoveryCodes.remaining < 3 && <Badge tone="warning">Running low</Badge>}
                </>
              }
              meta="Each one signs you in once if you lose your phone or passkey."
              actions={
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => onPanel({ kind: 'new-codes' })}
                >
                  Make new codes
                </Button>
              }
            />
          </ul>
        </section>
      )}
    </>
  );
}

function PasskeyItem(props: { passkey: Passkey; onRename: () => void; onRemove: () => void }) {
  const { passkey } = props;
  return (
    <FactorItem
      icon="passkey"
      label={passkey.name}
      title={
        <>
          {passkey.name}
          {passkey.backedUp && <Badge>Synced</Badge>}
        </>
      }
      meta={
        <>
          <span>Added {dateTimeText(passkey.createdAt)}</span>
          <span>
            {passkey.lastUsedAt ? `Last used ${dateTimeText(passkey.lastUsedAt)}` : 'Never used'}
          </span>
        </>
      }
      actions={
        <>
          <Button variant="ghost" size="sm" onClick={props.onRename}>
            Rename<span className="visually-hidden"> {passkey.name}</span>
          </Button>
          <Button variant="ghost-danger" size="sm" onClick={props.onRemove}>
            Remove<span className="visually-hidden"> {passkey.name}</span>
          </Button>
        </>
      }
    />
  );
}
