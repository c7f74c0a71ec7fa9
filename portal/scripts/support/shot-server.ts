import { startEmulator, type RunningEmulator } from '@canopy/emulator';
import {
  localAnalyticsSettings,
  localXeroConfig,
} from '../../../server/src/modules/analytics/start-local-analytics.ts';
import { closeBrowser } from '../../test/support/browser.ts';
import { startPortalServer } from '../../test/support/portal-server.ts';
import { spaForRun } from './spa-for-run.ts';

export interface ShotServerOptions {
  /**
   * The reports a new tenant's workspace is given (from the emulator's samples); the server's
   * default when left out.
   */
  reportIds?: (sample: RunningEmulator['sample']) => string[];
  /** Connects the emulator's local Xero, for the data integration screens. */
  xero?: boolean;
  /** Sent with every `call`, e.g. a client address for the audit log to show. */
  headers?: Record<string, string>;
  /** Serve at localhost, so passkeys work (see startPortalServer). */
  localhost?: boolean;
}

/**
 * The scene every screenshot script starts from: the real server in-process on a fresh database,
 * the in-process emulator as its analytics service, the built SPA, and a super administrator
 * (root@canopy.test, token `root`) to set the rest up through the API. `close` ends all of it,
 * the browser too; call it in a `finally`.
 */
export async function startShotServer(options: ShotServerOptions = {}) {
  const spaDir = await spaForRun();
  const emulator = await startEmulator({ populateNewWorkspaces: false });
  const analytics = localAnalyticsSettings(emulator);
  if (options.reportIds) analytics.template.reportIds = options.reportIds(emulator.sample);
  const server = await startPortalServer({
    analytics,
    xero: options.xero ? localXeroConfig(emulator) : undefined,
    localhost: options.localhost,
    spaDir,
  });
  const close = async () => {
    await closeBrowser();
    await server.close();
    await emulator.close();
  };

  /** An API request as `token`'s holder; a refusal stops the run, so no shot shows a half scene. */
  const call = async <T = unknown>(
    method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    token: string,
    payload?: object,
  ) => {
    const response = await server.app.inject({
      method,
      url,
      payload,
      headers: { authorization: `Bearer ${token}`, ...options.headers },
    });
    if (response.statusCode >= 400) throw new Error(`${method} ${url}: ${response.body}`);
    return response.json<T>();
  };

  try {
    await server.createPerson({ superAdmin: true, email: 'root@canopy.test' });
    const root = await server.tokenFor('root@canopy.test');
    return { emulator, server, root, call, close };
  } catch (error) {
    await close();
    throw error;
  }
}
