import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/**
 * Builds the script-tag bundle (`src/script-tag.ts`, what `dist/powerbi.js` is made from) in memory,
 * so the browser tier always tests the current source without a prior `pnpm build`.
 */
export async function bundleScriptTag(): Promise<string> {
  const entry = fileURLToPath(new URL('../../../src/script-tag.ts', import.meta.url));
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'iife',
    target: 'es2018',
    logLevel: 'silent',
  });
  const [output] = result.outputFiles;
  if (!output) throw new Error('esbuild produced no output for src/script-tag.ts');
  return output.text;
}

/**
 * A host page: loads the bundle, records every message it receives (so tests can wait for a
 * sentinel), and optionally runs `before` ahead of the bundle (to pre-set globals).
 */
export function hostPage(before = ''): string {
  return `<!doctype html>
<html><head><meta charset="utf-8"><title>host</title>
<script>
  window.__messages = [];
  window.addEventListener('message', (event) => {
    window.__messages.push({ data: event.data, origin: event.origin });
  });
  ${before}
</script>
<script src="/powerbi.js"></script>
</head><body><div id="embed" style="width:400px;height:300px"></div><div id="embed2"></div></body></html>`;
}

/**
 * A stand-in for the analytics frame, written by hand: it records every request with the origin it
 * came from, answers load with 202 and then posts the `loaded` event, answers GET /report/pages, and
 * holds GET /getCorrelationId until the test calls `__frame.answerHeld()`.
 */
export const FRAME_PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><title>fake analytics frame</title></head><body>
<script>
(function () {
  var received = [];
  var replies = [];
  var replyBodies = [];
  var held = [];
  window.__frame = {
    received: received,
    replies: replies,
    replyBodies: replyBodies,
    heldIds: function () { return held.map(function (h) { return h.id; }); },
    answerHeld: function (body) {
      held.splice(0).forEach(function (h) {
        h.source.postMessage({ statusCode: 200, headers: { id: h.id }, body: body }, h.origin);
      });
    },
    navigate: function (url) { window.location.href = url; }
  };
  window.addEventListener('message', function (event) {
    var m = event.data;
    if (!m || typeof m !== 'object') return;
    if (typeof m.statusCode === 'number' || 'warning' in m) {
      replies.push({ id: m.headers && m.headers.id, statusCode: m.statusCode, origin: event.origin });
      replyBodies.push({ id: m.headers && m.headers.id, body: m.body });
      return;
    }
    received.push({
      method: m.method, url: m.url, headers: m.headers, body: m.body,
      origin: event.origin, fromParent: event.source === window.parent
    });
    var answer = function (statusCode, body) {
      event.source.postMessage({ statusCode: statusCode, headers: { id: m.headers.id }, body: body }, event.origin);
    };
    if (m.url === '/report/load') {
      answer(202, {});
      var uid = m.headers.uid;
      var origin = event.origin;
      setTimeout(function () {
        window.parent.postMessage(
          { method: 'POST', url: '/reports/' + uid + '/events/loaded', headers: { id: 'loaded-' + uid }, body: {} },
          origin);
      }, 0);
    } else if (m.url === '/report/pages') {
      answer(200, [
        { name: 'ReportSection1', displayName: 'Overview', isActive: true },
        { name: 'ReportSection2', displayName: 'Details', isActive: false }
      ]);
    } else if (m.url === '/getCorrelationId') {
      held.push({ source: event.source, origin: event.origin, id: m.headers.id });
    } else {
      answer(200, null);
    }
  });
})();
</script></body></html>`;

/**
 * A page on a third origin. As a second iframe it plays a foreign window; as the navigation target
 * of an embed iframe it plays "right window, wrong origin". It records what it receives and posts
 * whatever the test hands it to its parent with target origin '*'.
 */
export const FOREIGN_PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><title>foreign</title></head><body>
<script>
(function () {
  var received = [];
  window.__foreign = {
    received: received,
    post: function (messages) {
      messages.forEach(function (m) { window.parent.postMessage(m, '*'); });
    }
  };
  window.addEventListener('message', function (event) {
    received.push({ data: event.data, origin: event.origin });
  });
})();
</script></body></html>`;
