/**
 * The two pages of the benchmark. Both are served by Playwright's request interception, so the
 * frame can live at the real cloud origin (https://app.powerbi.com) that powerbi-client insists on,
 * and the host page at another origin — the same cross-origin set-up as production.
 */
export const HOST_ORIGIN = 'https://host.bench.test';
export const FRAME_ORIGIN = 'https://app.powerbi.com';

/** An immediately-answering frame: every request gets 200 (loads 202) and an echo gets echoed. */
export const FRAME_HTML = `<!doctype html><html><body><script>
const pages = [
  { name: 'ReportSection1', displayName: 'Overview', isActive: true, visibility: 0 },
  { name: 'ReportSection2', displayName: 'Details', isActive: false, visibility: 0 },
  { name: 'ReportSection3', displayName: 'Trends', isActive: false, visibility: 0 },
];
window.addEventListener('message', (event) => {
  const m = event.data;
  if (!m || typeof m !== 'object') return;
  if ('echo' in m) { event.source.postMessage(m, event.origin); return; }
  if (typeof m.method !== 'string') return;
  const id = m.headers && m.headers.id;
  const isLoad = /\\/(load|prepare)$/.test(m.url);
  if (isLoad) {
    parent.postMessage({ loadReceivedAt: performance.timeOrigin + performance.now(), uid: m.headers.uid }, event.origin);
  }
  const body = m.url === '/report/pages' ? pages : isLoad ? {} : null;
  event.source.postMessage({ statusCode: isLoad ? 202 : 200, headers: { id }, body }, event.origin);
});
</script></body></html>`;

/** The host page: loads powerbi-client's bundle, then ours, keeping each library's namespace. */
export function hostHtml(): string {
  return `<!doctype html><html><body>
<script src="/powerbi-client.js"></script>
<script>window.__original = window['powerbi-client']; window.__services = [window.powerbi]; delete window.powerbi;</script>
<script src="/embed-core.js"></script>
<script>window.__canopy = window['powerbi-client']; window.__services.push(window.powerbi);</script>
<script src="/bench-client.js"></script>
</body></html>`;
}
