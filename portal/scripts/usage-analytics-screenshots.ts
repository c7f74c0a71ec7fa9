/**
 * Screenshots of usage analytics: the real server with the in-process emulator, the built SPA, the
 * system Chromium. Two tenants (Northwind, light; Contoso, dark) get their workspaces and a month
 * of believable usage (written straight into the usage log, as the SPA's beacon would). Every shot
 * lands in portal/.tmp/usage-analytics-screenshots for review; the ones docs/portal.md shows are
 * copied to docs/portal/usage-analytics-*.png. Tenant screens wear the tenant's theme, super
 * administrators' the dark one.
 *
 *   cd portal && node --conditions=@canopy/source --import tsx scripts/usage-analytics-screenshots.ts [outDir]
 */
import { openPortal, settled, signInAndLand } from '../test/support/browser.ts';
import { shotFolder } from './support/shot-folder.ts';
import { startShotServer } from './support/shot-server.ts';

const { shoot } = shotFolder({
  defaultDir: '.tmp/usage-analytics-screenshots',
  docs: [
    'usage-analytics-light-1280',
    'usage-analytics-dark-375',
    'usage-analytics-admin-dark-1280',
  ],
});

// The same history on every run: a small deterministic generator instead of Math.random.
let state = 42;
const random = () => {
  state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
  return state / 2 ** 31;
};

const { emulator, server, root, call, close } = await startShotServer({
  reportIds: (sample) => [sample.securedReportId, sample.salesReportId],
});
try {
  const FIRST = ['Ava', 'Ben', 'Chloe', 'Dan', 'Eve', 'Finn'];
  for (const [name, theme, weight] of [
    ['Northwind', 'light', 1],
    ['Contoso', 'dark', 0.6],
  ] as const) {
    const tenant = await call<{ id: string; powerBiGroupId: string }>(
      'POST',
      '/api/admin/tenants',
      root,
      {
        name,
        adminEmail: `owner@${name.toLowerCase()}.test`,
        createPowerBIWorkspace: true,
        theme,
      },
    );
    const [, second] = emulator.state.reportsIn(tenant.powerBiGroupId);
    if (second) second.definition = { ...second.definition, name: 'Inventory Health' };
    // A third report nobody opens: the "Not opened" list.
    const [template] = emulator.state.reportsIn(tenant.powerBiGroupId);
    if (!template) throw new Error(`no report in ${name}'s workspace`);
    emulator.state.addReport(tenant.powerBiGroupId, {
      ...structuredClone(template.definition),
      id: crypto.randomUUID(),
      name: 'Quarterly Forecast',
    });
    await call('POST', `/api/admin/tenants/${tenant.id}/reports/sync`, root);
    const reports = await server.database.db
      .selectFrom('reports')
      .select(['id', 'name'])
      .where('tenant_id', '=', tenant.id)
      .orderBy('name', 'desc')
      .execute();
    const opened = reports.filter((report) => report.name !== 'Quarterly Forecast');
    const people = [
      await server.createPerson({
        tenantId: tenant.id,
        role: 'Admin',
        email: `ann.admin@${name.toLowerCase()}.test`,
      }),
    ];
    for (const first of FIRST)
      people.push(
        await server.createPerson({
          tenantId: tenant.id,
          role: 'Viewer',
          email: `${first.toLowerCase()}@${name.toLowerCase()}.test`,
        }),
      );
    const rows = [];
    const today = Date.UTC(
      new Date().getUTCFullYear(),
      new Date().getUTCMonth(),
      new Date().getUTCDate(),
    );
    for (let day = 0; day < 30; day++) {
      // Fewer views at weekends, more towards today.
      const weekday = new Date(today - day * 86_400_000).getUTCDay();
      const views = Math.round(
        weight * (weekday === 0 || weekday === 6 ? 2 : 6 + 8 * random()) * (1 - day / 60),
      );
      for (let i = 0; i < views; i++) {
        const person = people[Math.floor(random() ** 1.7 * people.length)] ?? people[0];
        const report = opened[random() < 0.7 ? 0 : 1] ?? opened[0];
        if (!person || !report) throw new Error('no person or report to use');
        rows.push({
          tenant_id: tenant.id,
          user_id: person.id,
          report_id: report.id,
          load_ms: Math.round(600 + 900 * random() + (random() < 0.08 ? 2500 : 0)),
          render_ms: Math.round(250 + 500 * random()),
          at: new Date(today - day * 86_400_000 + (7 + 10 * random()) * 3_600_000),
        });
      }
    }
    await server.database.db.insertInto('report_usage').values(rows).execute();
  }

  const errors: string[][] = [];
  const visit = async (
    email: string,
    home: string,
    path: string,
    name: string,
    width: number,
    theme: 'light' | 'dark',
  ) => {
    const session = await openPortal(server.url, {
      width,
      height: width === 375 ? 812 : 800,
      colorScheme: theme,
    });
    errors.push(session.errors);
    await signInAndLand(session.page, email, home);
    await session.page.goto(path);
    await settled(session.page);
    await session.page.getByRole('img', { name: 'Report views per day' }).waitFor();
    await shoot(session.page, name, true);
    await session.context.close();
  };
  for (const width of [1280, 375]) {
    await visit(
      'ann.admin@northwind.test',
      '/users',
      '/tenant/analytics',
      `usage-analytics-light-${width}`,
      width,
      'light',
    );
    await visit(
      'ann.admin@contoso.test',
      '/users',
      '/tenant/analytics',
      `usage-analytics-dark-${width}`,
      width,
      'dark',
    );
    await visit(
      'root@canopy.test',
      '/admin',
      '/admin/analytics',
      `usage-analytics-admin-dark-${width}`,
      width,
      'dark',
    );
  }
  if (errors.flat().length) throw new Error(`page errors: ${errors.flat().join('; ')}`);
} finally {
  await close();
}
