import type { EmbedToken } from './example-emulator.ts';

/**
 * GenerateToken for one report (`POST …/groups/{g}/reports/{r}/GenerateToken`) with an app token:
 * what an app's backend calls. `lifetimeInMinutes` can only shorten the emulator's default.
 */
export async function generateToken(
  apiUrl: string,
  appToken: string,
  groupId: string,
  reportId: string,
  lifetimeInMinutes?: number,
): Promise<EmbedToken> {
  const response = await fetch(`${apiUrl}/groups/${groupId}/reports/${reportId}/GenerateToken`, {
    method: 'POST',
    headers: { authorization: `Bearer ${appToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      accessLevel: 'View',
      ...(lifetimeInMinutes === undefined ? {} : { lifetimeInMinutes }),
    }),
  });
  if (!response.ok) {
    throw new Error(`GenerateToken failed: ${response.status} ${await response.text()}`);
  }
  const { token, expiration } = (await response.json()) as EmbedToken;
  return { token, expiration };
}
