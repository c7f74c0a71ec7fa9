import type { ScaleCase } from '../case.ts';

/** A Viewer's report list and the access matrix of the large tenant (1,000 × 200). */
export const reportCases: ScaleCase[] = [
  {
    area: 'reports',
    name: "a Viewer's report list",
    prepare: ({ workspaceTenant }) => ({
      method: 'POST',
      path: '/api/powerbi/reports',
      token: workspaceTenant.viewer,
      body: { groupId: workspaceTenant.powerBiGroupId },
    }),
  },
  {
    area: 'groups',
    name: 'access matrix (1,000 people × 200 reports)',
    prepare: ({ largeTenant }) => ({
      path: `/api/tenants/${largeTenant.id}/access-matrix`,
      token: largeTenant.admin,
    }),
  },
];
