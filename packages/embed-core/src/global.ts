/**
 * Script-tag entry (`dist/powerbi.js`): the only module with side effects. Like powerbi-client, it
 * creates a default Service and publishes it as `window.powerbi` — unless `window.powerbi` is already
 * taken and `window.powerBISDKGlobalServiceInstanceName` names another global to use instead.
 */
import * as client from './index.ts';

declare global {
  interface Window {
    powerbi: client.service.Service;
    powerBISDKGlobalServiceInstanceName?: string;
  }
}

const powerbi = new client.service.Service(
  client.factories.hpmFactory,
  client.factories.wpmpFactory,
  client.factories.routerFactory,
);

if (typeof window !== 'undefined') {
  const name = window.powerBISDKGlobalServiceInstanceName;
  if (window.powerbi && typeof name === 'string') {
    (window as unknown as Record<string, unknown>)[name] = powerbi;
  } else {
    window.powerbi = powerbi;
  }
}

export * from './index.ts';
export { powerbi };
