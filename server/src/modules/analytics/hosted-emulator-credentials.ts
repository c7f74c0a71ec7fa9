import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { z } from 'zod';

/** The service principal of an emulator this server hosts. */
export interface HostedEmulatorCredentials {
  tenantId: string;
  clientId: string;
  clientSecret: string;
}

const Stored = z.object({
  tenantId: z.string().min(1),
  clientId: z.string().min(1),
  clientSecret: z.string().min(32),
});

/**
 * The emulator's sample client id and secret are published in its source: anyone who reaches its
 * port with them could read every tenant's rows and mint embed tokens for any identity. A hosted
 * emulator gets its own, random ones instead, made on the first start and kept owner-only (0600)
 * in the data folder so its workspaces stay reachable across restarts.
 */
export function readOrCreateEmulatorCredentials(file: string): HostedEmulatorCredentials {
  if (existsSync(file)) {
    const parsed = Stored.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (parsed.success) return parsed.data;
  }
  mkdirSync(dirname(file), { recursive: true });
  const credentials = {
    tenantId: randomUUID(),
    clientId: randomUUID(),
    clientSecret: randomBytes(32).toString('base64url'),
  };
  writeFileSync(file, JSON.stringify(credentials, null, 2) + '\n', { mode: 0o600 });
  return credentials;
}
