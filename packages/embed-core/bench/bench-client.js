// Runs inside the benchmark host page. Each function is called by bench/run.ts through page.evaluate.
(function () {
  const EMBED_URL = 'https://app.powerbi.com/reportEmbed?reportId=bench-report&groupId=g1';

  function newService(lib) {
    const service = new lib.service.Service(
      lib.factories.hpmFactory,
      lib.factories.wpmpFactory,
      lib.factories.routerFactory,
    );
    window.__services.push(service);
    return service;
  }

  // Every Service keeps a window 'message' listener that inspects every message. For a fair
  // measurement only the measured Service listens (global services of both scripts included).
  function listenOnly(active) {
    for (const service of window.__services) {
      if (service === active) service.wpmp.start();
      else service.wpmp.stop();
    }
  }

  function embedConfig(lib) {
    return {
      type: 'report',
      id: 'bench-report',
      embedUrl: EMBED_URL,
      accessToken: 'bench-token',
      tokenType: lib.models.TokenType.Embed,
    };
  }

  const loadTimes = new Map();
  window.addEventListener('message', (event) => {
    if (event.data && event.data.loadReceivedAt)
      loadTimes.set(event.data.uid, event.data.loadReceivedAt);
  });

  function waitFor(predicate, timeoutMs = 10000) {
    return new Promise((resolve, reject) => {
      const started = performance.now();
      (function poll() {
        const value = predicate();
        if (value) return resolve(value);
        if (performance.now() - started > timeoutMs) return reject(new Error('timeout'));
        setTimeout(poll, 1);
      })();
    });
  }

  async function embedOne(libName) {
    const lib = libName === 'original' ? window.__original : window.__canopy;
    const service = newService(lib);
    const container = document.createElement('div');
    container.style.cssText = 'width:400px;height:300px';
    document.body.appendChild(container);
    const wallStart = performance.timeOrigin + performance.now();
    const report = service.embed(container, embedConfig(lib));
    const loadAt = await waitFor(() => loadTimes.get(report.config.uniqueId));
    return { service, container, report, embedToLoadMs: loadAt - wallStart };
  }

  window.bench = {
    async throughput(libName, n, mode) {
      const { report, service } = await (window.__embeds[libName] ??= embedOne(libName));
      listenOnly(service);
      const started = performance.now();
      if (mode === 'sequential') {
        for (let i = 0; i < n; i++) await report.getPages();
      } else {
        // powerbi-client draws 5–6 character request ids and keeps one pending request per id:
        // when two of 1,000 collide, one call never settles. Such a round reports -1 (run again).
        const all = Promise.all(Array.from({ length: n }, () => report.getPages()));
        const lost = new Promise((resolve) => setTimeout(() => resolve('lost'), 10000));
        if ((await Promise.race([all, lost])) === 'lost') return -1;
      }
      return performance.now() - started;
    },

    async echo(n, mode) {
      const { report } = await (window.__embeds.canopy ??= embedOne('canopy'));
      const target = report.iframe.contentWindow;
      listenOnly(null);
      const pending = new Map();
      const onMessage = (event) => {
        const resolve = event.data && pending.get(event.data.echo);
        if (resolve) {
          pending.delete(event.data.echo);
          resolve();
        }
      };
      window.addEventListener('message', onMessage);
      let seq = 0;
      const once = () =>
        new Promise((resolve) => {
          const id = ++seq;
          pending.set(id, resolve);
          target.postMessage({ echo: id }, 'https://app.powerbi.com');
        });
      const started = performance.now();
      if (mode === 'sequential') {
        for (let i = 0; i < n; i++) await once();
      } else {
        await Promise.all(Array.from({ length: n }, once));
      }
      const elapsed = performance.now() - started;
      window.removeEventListener('message', onMessage);
      return elapsed;
    },

    async embedToLoad(libName) {
      const { service, container, embedToLoadMs } = await embedOne(libName);
      service.reset(container);
      container.remove();
      return embedToLoadMs;
    },

    async cycles(libName, n) {
      const lib = libName === 'original' ? window.__original : window.__canopy;
      const service = newService(lib);
      listenOnly(service);
      const container = document.createElement('div');
      document.body.appendChild(container);
      for (let i = 0; i < n; i++) {
        const report = service.embed(container, embedConfig(lib));
        await waitFor(() => loadTimes.get(report.config.uniqueId));
        loadTimes.delete(report.config.uniqueId);
        service.reset(container);
      }
      window.__cycleService = service;
      return {
        iframes: document.querySelectorAll('iframe').length,
        routes: typeof service.router.routeCount === 'number' ? service.router.routeCount : null,
      };
    },
  };
  window.__embeds = {};
})();
