/**
 * Time from clicking View in the tenant report list to the embedded report's `rendered` event, in
 * Chromium against the real server and the local emulator (its real reports over sample data).
 * Both instants are read in the page (performance.now()): the click in a capture listener, the
 * event through the frame's status attribute, which the library sets from the `rendered` message.
 * What a person waits for: route change (400 ms overlay runs alongside), the embed token round trip,
 * the portal's 100 ms start delay before embedding, the frame's load and the first render of its visuals.
 */
import { startEmulator } from '@canopy/emulator';
import { localAnalyticsSettings } from '../../server/src/modules/analytics/start-local-analytics.ts';
import { openPortal, settled, signInAndLand } from '../test/support/browser.ts';
import { startPortalServer } from '../test/support/portal-server.ts';

export interface ReportOpenFigures {
  runs: number[];
  median: number;
  min: number;
  max: number;
}

export async function measureReportOpen(runs = 10): Promise<ReportOpenFigures> {
  const emulator = await startEmulator({ populateNewWorkspaces: false });
  const server = await startPortalServer({ analytics: localAnalyticsSettings(emulator) });
  try {
    await server.createPerson({ superAdmin: true, email: 'root@bench.test' });
    const token = await server.tokenFor('root@bench.test');
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/admin/tenants',
      payload: { name: 'Bench', adminEmail: 'owner@bench.test', createPowerBIWorkspace: true },
      headers: { authorization: `Bearer ${token}` },
    });
    const tenant = created.json<{ id: string }>();
    await server.createPerson({ tenantId: tenant.id, role: 'Admin', email: 'ann@bench.test' });

    const { page, context } = await openPortal(server.url);
    await page.addInitScript(() => {
      const w = window as unknown as { viewClickedAt?: number; renderedAt?: number };
      document.addEventListener(
        'click',
        (event) => {
          if ((event.target as Element).closest?.('[aria-label^="View "]'))
            w.viewClickedAt = performance.now();
        },
        true,
      );
      new MutationObserver(() => {
        if (w.renderedAt === undefined && document.querySelector('[data-embed-status="rendered"]'))
          w.renderedAt = performance.now();
      }).observe(document, {
        subtree: true,
        attributes: true,
        attributeFilter: ['data-embed-status'],
      });
    });
    await signInAndLand(page, 'ann@bench.test', '/users');
    const samples: number[] = [];
    // One extra first run warms the browser's cache and the server's service-principal token.
    for (let run = 0; run <= runs; run++) {
      await page.goto('/tenant/reports');
      await settled(page);
      await page.evaluate(() => {
        const w = window as unknown as { viewClickedAt?: number; renderedAt?: number };
        w.viewClickedAt = undefined;
        w.renderedAt = undefined;
      });
      await page.locator('[aria-label^="View "]').first().click();
      await page.locator('[data-embed-status="rendered"]').waitFor();
      const ms = await page.evaluate(() => {
        const w = window as unknown as { viewClickedAt: number; renderedAt: number };
        return w.renderedAt - w.viewClickedAt;
      });
      if (run > 0) samples.push(Math.round(ms));
    }
    await context.close();
    const sorted = [...samples].sort((a, b) => a - b);
    return {
      runs: samples,
      median: sorted[Math.floor(sorted.length / 2)] ?? NaN,
      min: sorted[0] ?? NaN,
      max: sorted.at(-1) ?? NaN,
    };
  } finally {
    await server.close();
    await emulator.close();
  }
}
