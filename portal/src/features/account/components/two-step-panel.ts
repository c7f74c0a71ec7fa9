import type { Passkey } from '@canopy/portal-contract';

/** What the two-step dialog on My account shows, if anything. */
export type TwoStepPanel =
  | { kind: 'totp-setup' }
  | { kind: 'passkey-setup' }
  | { kind: 'rename'; passkey: Passkey }
  | { kind: 'remove-totp' }
  | { kind: 'remove-passkey'; passkey: Passkey }
  | { kind: 'new-codes' }
  | { kind: 'codes'; codes: string[] };

export const PANEL_TITLES: Record<TwoStepPanel['kind'], string> = {
  'totp-setup': 'Set up an authenticator app',
  'passkey-setup': 'Add a passkey',
  rename: 'Rename passkey',
  'remove-totp': 'Remove the authenticator app',
  'remove-passkey': 'Remove passkey',
  'new-codes': 'Make new recovery codes',
  codes: 'Save your recovery codes',
};
