import type { PortalServer } from '../test/support/portal-server.ts';

/** A believable portal: a few branded tenants with people, for screenshots and the bench. */
export async function seedDemo(server: PortalServer, extraTenants = 0) {
  const tenants = [
    { name: 'Acme Logistics', primaryColor: '#2563eb', theme: 'dark' as const },
    { name: 'Initech', primaryColor: '#16a34a', theme: 'light' as const },
    { name: 'Globex Energy', primaryColor: '#7c3aed', theme: 'dark' as const },
    { name: 'Umbrella Health', primaryColor: '#dc2626', theme: 'light' as const },
    { name: 'Stark Retail', primaryColor: '#f59e0b', theme: 'light' as const },
    { name: 'Wayne Finance', primaryColor: '#0f172a', theme: 'dark' as const },
  ];
  const created = [];
  for (const tenant of tenants) created.push(await server.createTenant(tenant));
  for (let i = 1; i <= extraTenants; i++)
    await server.createTenant({ name: `Tenant ${String(i).padStart(3, '0')}` });
  await server.createPerson({ superAdmin: true, email: 'admin@canopy.local' });
  const [acme, initech] = created;
  if (!acme || !initech) throw new Error('demo tenants missing');
  const people = [
    ['dana.scully@acme.test', 'Admin', acme.id],
    ['fox.mulder@acme.test', 'Viewer', acme.id],
    ['walter.skinner@acme.test', 'Viewer', acme.id],
    ['bill.lumbergh@initech.test', 'Admin', initech.id],
    ['peter.gibbons@initech.test', 'Viewer', initech.id],
    ['milton.waddams@initech.test', 'Viewer', initech.id],
    ['samir.n@initech.test', 'Viewer', initech.id],
    ['michael.bolton@initech.test', 'Admin', initech.id],
    ['tom.smykowski@initech.test', 'Viewer', initech.id],
  ] as const;
  for (const [email, role, tenantId] of people)
    await server.createPerson({ email, role, tenantId });
}
