import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/** Builds @canopy/embed-core's script-tag entry in memory, so tests run the current source. */
export async function bundleEmbedCore(): Promise<string> {
  const entry = fileURLToPath(new URL('../../../../embed-core/src/script-tag.ts', import.meta.url));
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'iife',
    target: 'es2020',
    logLevel: 'silent',
  });
  const [output] = result.outputFiles;
  if (!output) throw new Error('esbuild produced no output for embed-core/src/script-tag.ts');
  return output.text;
}

/** Every event name the tests listen for on embed containers (the DOM events the service dispatches). */
export const EVENT_NAMES = [
  'loaded',
  'rendered',
  'renderingStarted',
  'visualRendered',
  'pageChanged',
  'filtersApplied',
  'dataSelected',
  'visualClicked',
  'selectionChanged',
  'buttonClicked',
  'bookmarkApplied',
  'commandTriggered',
  'saved',
  'saveAsTriggered',
  'error',
  'tileClicked',
  'tileLoaded',
  'settingsUpdated',
];

/**
 * The host page: loads embed-core's script-tag build, creates a Service that trusts the emulator's
 * origin, and records every event dispatched on any container into `window.log` (details made
 * JSON-safe: objects holding an iframe, i.e. the embed itself, become "[embed]").
 */
export function hostPageHtml(emulatorOrigin: string): string {
  return `<!doctype html>
<html><head><meta charset="utf-8"><title>Canopy emulator host</title>
<style>body{margin:0;font-family:sans-serif} .c{width:1100px;height:640px;border:0} .small{width:600px;height:400px}</style>
<script src="/powerbi.js"></script>
</head><body>
<div id="c1" class="c"></div>
<div id="c2" class="small"></div>
<script>
(function () {
  var client = window['powerbi-client'];
  window.svc = new client.service.Service(client.factories.hpmFactory, client.factories.wpmpFactory, client.factories.routerFactory, {
    trustedOrigins: [${JSON.stringify(emulatorOrigin)}],
  });
  window.log = [];
  window.embeds = {};
  var names = ${JSON.stringify(EVENT_NAMES)};
  var safe = function (value) {
    return JSON.parse(JSON.stringify(value === undefined ? null : value, function (key, v) {
      if (v && typeof v === 'object' && ('iframe' in v || v instanceof Window || v instanceof Node)) return '[embed]';
      return v;
    }));
  };
  ['c1', 'c2'].forEach(function (id) {
    var element = document.getElementById(id);
    names.forEach(function (name) {
      element.addEventListener(name, function (event) {
        window.log.push({ container: id, name: name, detail: safe(event.detail) });
      });
    });
  });
  window.waitEvent = function (container, name, from, timeout) {
    return new Promise(function (resolve, reject) {
      var started = Date.now();
      (function poll() {
        for (var i = from; i < window.log.length; i++) {
          var entry = window.log[i];
          if (entry.container === container && entry.name === name) return resolve({ index: i, detail: entry.detail });
        }
        if (Date.now() - started > timeout) return reject(new Error('no ' + name + ' event on ' + container + ' within ' + timeout + ' ms; got ' + JSON.stringify(window.log.slice(from).map(function (e) { return e.container + ':' + e.name; }))));
        setTimeout(poll, 25);
      })();
    });
  };
})();
</script>
</body></html>`;
}
