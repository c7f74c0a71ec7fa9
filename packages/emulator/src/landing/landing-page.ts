import type { EmulatorInfo } from './emulator-info.ts';

/** What the live preview embeds; absent when the emulator shows none (admin API off). */
export interface LandingPreview {
  id: string;
  name: string;
  embedUrl: string;
  accessToken: string;
  /** The bundled preview script (landing/preview-main.ts). */
  scriptUrl: string;
}

/** Text into HTML: every value here comes from configuration or the catalogue (names a host chose). */
const escape = (value: string | number) =>
  String(value).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const code = (value: string | number) => `<code>${escape(value)}</code>`;
const link = (href: string, text = href) => `<a href="${escape(href)}">${escape(text)}</a>`;
const row = (label: string, value: string) =>
  `<tr><th scope="row">${label}</th><td>${value}</td></tr>`;

/** JSON inside a `<script>` element: `<` escaped so no value can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

function previewSection(preview: LandingPreview | undefined): string {
  if (!preview) {
    return '<p>The live preview of the sample report is off on this emulator (the admin API is off, so it mints no token for a public page).</p>';
  }
  const config = { id: preview.id, embedUrl: preview.embedUrl, accessToken: preview.accessToken };
  return `<p>${escape(preview.name)}, embedded below by <code>@canopy/embed-core</code> with a view-only embed token this emulator minted for the page: what a host page gets. <span id="preview-status" role="status">Loading the preview script…</span></p>
<div id="preview" data-state="script" style="height: 540px; border: 1px solid #d0d7de;"></div>
<script type="application/json" id="preview-config">${scriptJson(config)}</script>
<script src="${escape(preview.scriptUrl)}" defer></script>`;
}

/**
 * The page someone sees when they open the URL the emulator printed: what it is and every address a
 * host needs, instead of a JSON 404, and the sample report live. Plain HTML and a little CSS; the
 * only script is the preview's.
 */
export function renderLandingPage(info: EmulatorInfo, preview?: LandingPreview): string {
  const { oauth, rest, sample } = info;
  const clients = oauth.clients
    .map((client) =>
      [
        row('Client id', code(client.clientId)),
        row(
          'Client secret',
          client.clientSecret === undefined
            ? 'configured on the server (shown only on this machine while the admin API is off)'
            : code(client.clientSecret),
        ),
      ].join(''),
    )
    .join('');
  const reports = sample.reports
    .map(
      (report) =>
        `<li><strong>${escape(report.name)}</strong> (${escape(report.reportType)}) ${code(report.id)}<br>${link(report.embedUrl)}</li>`,
    )
    .join('');
  const dashboards = sample.dashboards
    .map(
      (dashboard) =>
        `<li><strong>${escape(dashboard.name)}</strong> ${code(dashboard.id)}<br>${link(dashboard.embedUrl)}</li>`,
    )
    .join('');
  const datasets = sample.datasets
    .map(
      (dataset) =>
        `<li><strong>${escape(dataset.name)}</strong> ${code(dataset.id)}<br>Q&amp;A: ${link(dataset.qnaEmbedUrl)}<br>New report: ${link(dataset.createReportEmbedUrl)}</li>`,
    )
    .join('');
  const knobs = info.knobs
    ? `<p>Fault injection (latency, failures, throttling): ${code(`GET/POST/DELETE ${info.knobs.url}`)} with ${info.knobs.names.map(code).join(', ')}.</p>`
    : '<p>The admin API (fault injection) is off on this emulator.</p>';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(info.name)}</title>
<style>
  body { font: 15px/1.5 system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; color: #1f2328; }
  h1 { font-size: 1.6rem; margin-bottom: 0.2rem; }
  h2 { font-size: 1.15rem; margin-top: 2rem; border-bottom: 1px solid #d0d7de; }
  code { background: #f3f4f6; padding: 0 0.25rem; border-radius: 3px; word-break: break-all; }
  th { text-align: left; padding-right: 1rem; font-weight: 600; vertical-align: top; }
  li { margin-bottom: 0.5rem; word-break: break-all; }
  @media (prefers-color-scheme: dark) { body { background: #0d1117; color: #e6edf3; } code { background: #262c36; } a { color: #58a6ff; } }
</style>
</head>
<body>
<h1>${escape(info.name)}</h1>
<p>${escape(info.description)}</p>
<p>Running at ${code(info.url)} with ${escape(info.data.rows.toLocaleString('en-US'))} generated sales rows (seed ${escape(info.data.seed)}, today ${escape(info.data.today)}).
The same information as JSON: ${link(`${info.url}/_emulator/info`)}.</p>

<h2>Live preview</h2>
${previewSection(preview)}

<h2>Sign in as an app (OAuth 2.0 client credentials)</h2>
<table>
${row('Token URL', code(`POST ${oauth.tokenUrl}`))}
${row('Tenant', code(oauth.tenantId))}
${row('Scope', code(oauth.scope))}
${clients}
</table>

<h2>REST API</h2>
<p>Base URL ${code(rest.baseUrl)}: the cloud's paths and answers (workspaces, service principal profiles, reports, pages, datasets, refreshes, dashboards, tiles, GenerateToken, exports), with the app's token as <code>Authorization: Bearer</code>. For example:</p>
<ul>${rest.examples.map((example) => `<li>${code(example)}</li>`).join('')}</ul>

<h2>Sample content</h2>
<p>Workspace ${code(sample.workspaceId)}. Embed URLs need an embed token (GenerateToken) and a host page running the embedding library; opened directly they show the frame without a report.</p>
<h3>Reports</h3><ul>${reports}</ul>
<h3>Dashboards</h3><ul>${dashboards}</ul>
<h3>Datasets</h3><ul>${datasets}</ul>

<h2>Embed pages</h2>
<ul>${info.embedPaths.map((path) => `<li>${code(path)}</li>`).join('')}</ul>

<h2>Knobs</h2>
${knobs}

<h2>Documentation</h2>
<ul>
<li>${link(info.docs.emulator, 'The emulator guide')}: configuration, security model, limits, fault injection</li>
<li>${link(info.docs.gettingStarted, 'Getting started with @canopy/embed-core')}: from an empty folder to a report on screen</li>
<li>${link(info.docs.react, 'React')} (<code>@canopy/embed-react</code>)</li>
</ul>
</body>
</html>
`;
}
