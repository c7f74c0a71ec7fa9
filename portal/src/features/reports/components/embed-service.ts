import { factories, service } from '@canopy/embed-core';

const services = new Map<string, service.Service>();

/**
 * One embed Service per embed origin. The default Service trusts only the cloud's https hosts, so
 * the local emulator (http on its own port) would be refused. The origin comes from our own API's
 * embed URL, and the server's Content-Security-Policy frame-src (cloud hosts plus the configured
 * emulator) is what decides which frames the browser will load at all.
 */
export function embedServiceFor(embedUrl: string): service.Service {
  const origin = new URL(embedUrl).origin;
  let found = services.get(origin);
  if (!found) {
    found = new service.Service(
      factories.hpmFactory,
      factories.wpmpFactory,
      factories.routerFactory,
      {
        trustedOrigins: [origin],
        iframeAttributes: { title: 'Embedded report' },
      },
    );
    services.set(origin, found);
  }
  return found;
}
