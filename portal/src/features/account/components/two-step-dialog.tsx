import type { MfaEnrolmentResult, MfaStatus } from '@canopy/portal-contract';
import { Dialog } from '../../../shared/ui/dialog.tsx';
import { toast } from '../../../shared/ui/toast-store.ts';
import { useReauthenticatedChange } from '../api/two-step-api.ts';
import { PasskeySetup } from '../../../shared/two-step/passkey-setup.tsx';
import { ReauthForm } from './reauth-form.tsx';
import { RecoveryCodes } from '../../../shared/two-step/recovery-codes.tsx';
import { RenamePasskeyForm } from './rename-passkey-form.tsx';
import { TotpSetup } from '../../../shared/two-step/totp-setup.tsx';
import { PANEL_TITLES, type TwoStepPanel } from './two-step-panel.ts';

const REMOVE_LEADS = {
  'remove-totp':
    'Codes from your authenticator app will no longer sign you in. Confirm it is you to remove it.',
  'remove-passkey': 'This passkey will no longer sign you in. Confirm it is you to remove it.',
  'new-codes':
    'Your current recovery codes stop working and ten new ones are shown once. Confirm it is you.',
} as const;

/**
 * The one dialog of the two-step section on My account: setting up, renaming, removing (after
 * "confirm it's you"), and fresh recovery codes, shown once.
 */
export function TwoStepDialog(props: {
  panel: TwoStepPanel | null;
  status: MfaStatus;
  email: string;
  onPanel: (panel: TwoStepPanel | null) => void;
}) {
  const { panel, status, onPanel } = props;
  const change = useReauthenticatedChange();
  const close = () => {
    change.reset();
    onPanel(null);
  };
  /** A first factor comes with recovery codes, to be saved before the dialog closes. */
  const enrolled = (what: string) => (result: MfaEnrolmentResult) => {
    toast.success(`${what} is on`);
    if (result.recoveryCodes) onPanel({ kind: 'codes', codes: result.recoveryCodes });
    else close();
  };
  // A code can confirm it's you only with an app or unused recovery codes to take it from.
  const codeAllowed = status.totp.enabled || status.recoveryCodes.remaining > 0;

  let body = null;
  if (panel?.kind === 'totp-setup')
    body = <TotpSetup onDone={enrolled('Two-step verification')} onCancel={close} />;
  else if (panel?.kind === 'passkey-setup')
    body = <PasskeySetup onDone={enrolled('Your passkey')} onCancel={close} />;
  else if (panel?.kind === 'rename')
    body = <RenamePasskeyForm passkey={panel.passkey} onDone={close} />;
  else if (panel?.kind === 'codes')
    body = <RecoveryCodes codes={panel.codes} account={props.email} onDone={close} />;
  else if (panel)
    body = (
      <>
        <p className="dialog__description">
          {panel.kind === 'remove-passkey' ? (
            <>
              <strong>{panel.passkey.name}</strong>: {REMOVE_LEADS[panel.kind]}
            </>
          ) : (
            REMOVE_LEADS[panel.kind]
          )}
        </p>
        <ReauthForm
          email={props.email}
          action={panel.kind === 'new-codes' ? 'Make new codes' : 'Remove'}
          busyAction={panel.kind === 'new-codes' ? 'Making...' : 'Removing...'}
          danger={panel.kind !== 'new-codes'}
          codeAllowed={codeAllowed}
          pending={change.isPending}
          error={change.error}
          onEdit={() => change.reset()}
          onCancel={close}
          onSubmit={(proof) =>
            change.mutate(
              panel.kind === 'remove-totp'
                ? { kind: 'totp', proof }
                : panel.kind === 'remove-passkey'
                  ? { kind: 'passkey', passkeyId: panel.passkey.id, proof }
                  : { kind: 'recovery-codes', proof },
              {
                onSuccess: (codes) => {
                  change.reset();
                  if (codes) return onPanel({ kind: 'codes', codes: codes.recoveryCodes });
                  toast.success(
                    panel.kind === 'remove-totp' ? 'Authenticator app removed' : 'Passkey removed',
                  );
                  onPanel(null);
                },
              },
            )
          }
        />
      </>
    );

  return (
    <Dialog
      open={panel !== null}
      title={panel ? PANEL_TITLES[panel.kind] : ''}
      size={panel?.kind === 'totp-setup' || panel?.kind === 'codes' ? 'lg' : 'sm'}
      onClose={close}
    >
      {body}
    </Dialog>
  );
}
