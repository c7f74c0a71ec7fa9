import { factories, models, service, trackEmbedStatus, type Report } from '@canopy/embed-core';

interface ExampleConfig {
  emulatorOrigin: string;
  reportId: string;
  reportEmbedUrl: string;
}

const byId = (id: string) => document.getElementById(id) as HTMLElement;

function log(text: string): void {
  const item = document.createElement('li');
  item.textContent = text;
  byId('events').append(item);
}

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return (await response.json()) as T;
}

async function main(): Promise<void> {
  // What to embed and an embed token, from the example's backend (your server in a real app).
  const config = await getJson<ExampleConfig>('/api/config');
  const { token } = await getJson<{ token: string }>('/api/embed-token');

  // Nothing happens at import: this Service is the only one, and it trusts the emulator's origin.
  const embedService = new service.Service(
    factories.hpmFactory,
    factories.wpmpFactory,
    factories.routerFactory,
    { trustedOrigins: [config.emulatorOrigin] },
  );
  const report = embedService.embed(byId('report'), {
    type: 'report',
    id: config.reportId,
    embedUrl: config.reportEmbedUrl,
    accessToken: token,
    tokenType: models.TokenType.Embed,
  }) as Report;

  // The core's status store: idle → loading → loaded → rendered (or error).
  const status = trackEmbedStatus(report);
  status.subscribe(() => {
    byId('status').textContent = status.getSnapshot().status;
  });

  report.on('loaded', () => {
    log('loaded');
    void showPages(report);
  });
  report.on('rendered', () => log('rendered'));
  // Typed events: `detail.newPage` is a Page.
  report.on('pageChanged', (event) => log(`pageChanged: ${event.detail.newPage.name}`));
  report.on('error', (event) => log(`error: ${event.detail.message}`));
}

async function showPages(report: Report): Promise<void> {
  const pages = await report.getPages();
  const nav = byId('pages');
  nav.replaceChildren();
  for (const page of pages) {
    if (page.visibility === models.SectionVisibility.HiddenInViewMode) continue;
    const button = document.createElement('button');
    button.textContent = page.displayName ?? page.name;
    button.addEventListener('click', () => {
      page.setActive().catch((error: unknown) => log(`setActive failed: ${JSON.stringify(error)}`));
    });
    nav.append(button);
  }
}

main().catch((error: unknown) => log(`failed: ${String(error)}`));
