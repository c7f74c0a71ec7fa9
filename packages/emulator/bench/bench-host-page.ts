/**
 * The benchmark's host page: embed-core's script-tag build, one Service trusting the emulator's
 * origin, one 1100×640 container. Every `rendered` event on the container is time-stamped with the
 * host's performance.now(), so Node can read "embed/reload called → rendered" without polling noise.
 */
export function benchHostPageHtml(emulatorOrigin: string): string {
  return `<!doctype html>
<html><head><meta charset="utf-8"><title>Canopy emulator benchmark host</title>
<style>body{margin:0} #c{width:1100px;height:640px}</style>
<script src="/powerbi.js"></script>
</head><body>
<div id="c"></div>
<script>
(function () {
  var client = window['powerbi-client'];
  var svc = new client.service.Service(client.factories.hpmFactory, client.factories.wpmpFactory, client.factories.routerFactory, {
    trustedOrigins: [${JSON.stringify(emulatorOrigin)}],
  });
  var element = document.getElementById('c');
  var bench = { rendered: [], errors: [], startedAt: 0, report: null };
  element.addEventListener('rendered', function () { bench.rendered.push(performance.now()); });
  element.addEventListener('error', function (event) { bench.errors.push(JSON.stringify(event.detail)); });
  bench.embed = function (config) {
    bench.startedAt = performance.now();
    bench.report = svc.embed(element, config);
  };
  bench.reload = function () {
    bench.startedAt = performance.now();
    return bench.report.reload();
  };
  bench.setFilters = function (filters) {
    bench.startedAt = performance.now();
    return bench.report.setFilters(filters);
  };
  /** Resolves with the milliseconds from the last start to the count-th rendered event. */
  bench.waitRendered = function (count, timeout) {
    return new Promise(function (resolve, reject) {
      var deadline = performance.now() + timeout;
      (function poll() {
        if (bench.errors.length) return reject(new Error('error event: ' + bench.errors.join('; ')));
        if (bench.rendered.length >= count) return resolve(bench.rendered[count - 1] - bench.startedAt);
        if (performance.now() > deadline) return reject(new Error('no rendered event #' + count + ' within ' + timeout + ' ms'));
        setTimeout(poll, 2);
      })();
    });
  };
  window.bench = bench;
})();
</script>
</body></html>`;
}
