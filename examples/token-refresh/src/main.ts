import { autoRefreshToken, factories, models, service, type Report } from '@canopy/embed-core';

interface ExampleConfig {
  emulatorOrigin: string;
  reportId: string;
  reportEmbedUrl: string;
}

interface EmbedToken {
  token: string;
  expiration: string;
}

// Token lifetime asked for, in seconds: `?lifetime=8` makes the renewals easy to watch (default 30).
const lifetime = Number(new URLSearchParams(location.search).get('lifetime') ?? 30);
const byId = (id: string) => document.getElementById(id) as HTMLElement;
const counters = { refreshes: 0, loads: 0 };
let expiresAt = 0;

function log(text: string): void {
  const item = document.createElement('li');
  item.textContent = `${new Date().toLocaleTimeString()} ${text}`;
  byId('log').append(item);
}

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return (await response.json()) as T;
}

/** Your backend's token endpoint; here it returns `{ token, expiration }` like GenerateToken. */
const fetchToken = () => getJson<EmbedToken>(`/api/embed-token?lifetimeSeconds=${lifetime}`);

async function main(): Promise<void> {
  const config = await getJson<ExampleConfig>('/api/config');
  const first = await fetchToken();
  expiresAt = Date.parse(first.expiration);
  // The lifetime granted, which can be longer than asked: a backend on the shared emulator of
  // `pnpm dev` uses GenerateToken, which counts whole minutes.
  const granted = Math.max(1, Math.round((expiresAt - Date.now()) / 1000));
  byId('lifetime').textContent = String(granted);
  document.body.dataset.firstExpiration = first.expiration;

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
    accessToken: first.token,
    tokenType: models.TokenType.Embed,
  }) as Report;

  // Renews the token ahead of its expiry and sends it with setAccessToken: the report keeps
  // running, nothing reloads. It also renews at once if the frame reports TokenExpired.
  autoRefreshToken(report, {
    getToken: fetchToken,
    expiresAt: first.expiration,
    refreshBeforeMs: Math.round(granted * 600), // 60% of the lifetime before expiry
    minDelayMs: 1_000,
    onRefresh: (token) => {
      counters.refreshes++;
      expiresAt = token.expiresAt ?? 0;
      byId('refreshes').textContent = String(counters.refreshes);
      log('token renewed');
    },
    onError: (error, info) => log(`refresh failed (attempt ${info.attempt}): ${error.message}`),
  });

  report.on('loaded', () => {
    counters.loads++;
    byId('loads').textContent = String(counters.loads);
    log('loaded');
    void showPages(report);
  });
  report.on('rendered', () => log('rendered'));
  report.on('pageChanged', (event) => log(`pageChanged: ${event.detail.newPage.name}`));
  report.on('error', (event) => log(`error: ${event.detail.message}`));

  setInterval(() => {
    byId('expires-in').textContent = String(
      Math.max(0, Math.round((expiresAt - Date.now()) / 1000)),
    );
  }, 500);
}

async function showPages(report: Report): Promise<void> {
  const nav = byId('pages');
  nav.replaceChildren();
  for (const page of await report.getPages()) {
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
