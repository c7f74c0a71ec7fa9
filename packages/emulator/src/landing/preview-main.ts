import { factories, models, service, type Report } from '@canopy/embed-core';

/**
 * The landing page's live preview (browser script, bundled into `/_emulator/assets/preview.js`):
 * embeds the sample report through @canopy/embed-core, exactly as a host page would, with the
 * embed URL and the view-only token the landing page wrote into `#preview-config`. The container's
 * `data-state` says how far it got (`loading`, `rendered`, `error`), for people and for tests.
 */
interface PreviewConfig {
  id: string;
  embedUrl: string;
  accessToken: string;
}

const configElement = document.getElementById('preview-config');
const container = document.getElementById('preview');
const status = document.getElementById('preview-status');

if (configElement && container && status) {
  const show = (state: string, text: string) => {
    container.dataset.state = state;
    status.textContent = text;
  };
  try {
    const config = JSON.parse(configElement.textContent ?? '') as PreviewConfig;
    // The emulator is not a cloud host: its own origin is trusted explicitly, as a host page does.
    const powerbi = new service.Service(
      factories.hpmFactory,
      factories.wpmpFactory,
      factories.routerFactory,
      { trustedOrigins: [new URL(config.embedUrl).origin] },
    );
    show('loading', 'Loading the sample report…');
    const report = powerbi.embed(container, {
      type: 'report',
      id: config.id,
      embedUrl: config.embedUrl,
      accessToken: config.accessToken,
      tokenType: models.TokenType.Embed,
    }) as Report;
    report.on('rendered', () => show('rendered', 'Rendered live by this emulator.'));
    report.on('error', (event) => {
      const detail = event.detail as { message?: string } | undefined;
      show('error', `The preview failed: ${detail?.message ?? 'unknown error'}`);
    });
  } catch (error) {
    show('error', `The preview failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
