import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeBrowser, openPortal, signInAndLand } from './support/browser.ts';
import { startPortalServer, type PortalServer } from './support/portal-server.ts';

describe('the server serves the built SPA; the session survives an expired access token', () => {
  let server: PortalServer;

  beforeAll(async () => {
    server = await startPortalServer();
    await server.createPerson({ superAdmin: true, email: 'root@canopy.test' });
  });
  afterAll(async () => {
    await closeBrowser();
    await server?.close();
  });

  it('should answer client routes with index.html and unknown API paths with a JSON 404', async () => {
    const page = await fetch(`${server.url}/admin/tenants?x=1`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const html = await page.text();
    expect(html).toContain('<div id="root">');

    const asset = html.match(/\/assets\/[\w.-]+\.js/)?.[0];
    expect(asset).toBeDefined();
    const script = await fetch(`${server.url}${asset}`);
    expect(script.status).toBe(200);
    expect(script.headers.get('cache-control')).toContain('immutable');

    const api = await fetch(`${server.url}/api/no-such-route`);
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
  });

  it('should renew a refused access token through the refresh cookie and stay signed in', async () => {
    const { page } = await openPortal(server.url);
    await signInAndLand(page, 'root@canopy.test', '/admin');
    // A token the server refuses, but the HttpOnly refresh cookie is still there.
    await page.evaluate(() => {
      const session = JSON.parse(sessionStorage.getItem('canopy.session') ?? '{}');
      sessionStorage.setItem('canopy.session', JSON.stringify({ ...session, token: 'stale' }));
    });
    await page.goto('/admin/tenants');
    await page.getByRole('heading', { name: 'Tenant Management' }).waitFor();
    await page.getByText('No tenants found').waitFor();
    const token = await page.evaluate(
      () =>
        (JSON.parse(sessionStorage.getItem('canopy.session') ?? '{}') as { token: string }).token,
    );
    expect(token).not.toBe('stale');
    expect(page.url()).toContain('/admin/tenants');
  });
});
