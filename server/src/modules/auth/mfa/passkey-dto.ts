import type { Passkey } from '@canopy/portal-contract';
import type { PasskeyRow } from './factors.repository.ts';

/** A passkey as My account shows it (never its key or credential id). */
export const toPasskey = (row: PasskeyRow): Passkey => ({
  id: row.id,
  name: row.name,
  createdAt: row.created_at.toISOString(),
  lastUsedAt: row.last_used_at ? row.last_used_at.toISOString() : null,
  transports: row.transports,
  backedUp: row.backed_up,
});
