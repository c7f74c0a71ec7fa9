import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

/** The analytics service's embed hosts (commercial and sovereign clouds), framed by report pages. */
export const CLOUD_EMBED_HOSTS = [
  'https://app.powerbi.com',
  'https://*.powerbi.com',
  'https://app.powerbigov.us',
  'https://*.powerbigov.us',
  'https://app.mil.powerbigov.us',
  'https://app.high.powerbigov.us',
  'https://app.powerbi.cn',
  'https://*.analysis.windows.net',
];

export interface HelmetOptions {
  /** Extra origins that may be framed (the emulator's origin in development). */
  frameOrigins: string[];
}

/**
 * Security headers. The CSP suits the SPA served from this origin: scripts and styles from here
 * only, images from here plus data:/blob: (previews), frames only from the analytics embed hosts.
 */
export default fp<HelmetOptions>(
  async (app, { frameOrigins }) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          'default-src': ["'self'"],
          'script-src': ["'self'"],
          'style-src': ["'self'", "'unsafe-inline'"],
          'img-src': ["'self'", 'data:', 'blob:'],
          'font-src': ["'self'", 'data:'],
          'connect-src': ["'self'"],
          'frame-src': ["'self'", ...CLOUD_EMBED_HOSTS, ...frameOrigins],
          'frame-ancestors': ["'none'"],
          'object-src': ["'none'"],
          'base-uri': ["'none'"],
          'form-action': ["'self'"],
        },
      },
      // Embedded report frames are cross-origin documents that do not send CORP headers.
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    });
  },
  { name: 'helmet' },
);
