import { startEmulator, type RunningEmulator } from '@canopy/emulator';
import type { EmbedToken, ExampleEmulator } from './example-emulator.ts';
import { generateToken } from './generate-token.ts';

/**
 * Starts an emulator in this process (free port, 127.0.0.1, so it is on another origin than the
 * page on `localhost`): the smoke tests and an example run alone.
 */
export async function startLocalEmulator(): Promise<ExampleEmulator> {
  const emulator = await startEmulator({ host: '127.0.0.1', prebuildFrame: true });
  return {
    url: emulator.url,
    origin: emulator.origin,
    inProcess: true,
    sample: emulator.sample,
    sampleEmbedUrl: emulator.sampleEmbedUrl,
    embedToken: (lifetimeSeconds) => localEmbedToken(emulator, lifetimeSeconds),
    close: () => emulator.close(),
  };
}

/**
 * Without a lifetime: GenerateToken on the REST API with the app's own token, as a real backend
 * would. Lifetimes below a minute, which the REST API cannot express, come from the test kit so
 * that the token-refresh example renews quickly.
 */
async function localEmbedToken(
  emulator: RunningEmulator,
  lifetimeSeconds?: number,
): Promise<EmbedToken> {
  const { groupId, salesReportId, datasetId } = emulator.sample;
  if (lifetimeSeconds !== undefined) {
    const { token, expiration } = emulator.mintToken({
      reports: [salesReportId],
      datasets: [datasetId],
      expiresInSeconds: lifetimeSeconds,
    });
    return { token, expiration };
  }
  return generateToken(emulator.apiUrl, emulator.appToken(), groupId, salesReportId);
}
