import type { AccessMatrix } from '@canopy/portal-contract';
import { describe, expect, it } from 'vitest';
import { filterMatrix, matrixEmptyText, reasonLabels } from './access-reasons.ts';

const matrix: AccessMatrix = {
  people: [
    {
      id: '00000000-0000-4000-8000-000000000001',
      email: 'ann@x.test',
      name: 'Ann Lee',
      role: 'Admin',
    },
    { id: '00000000-0000-4000-8000-000000000002', email: 'bob@x.test', name: null, role: 'Viewer' },
  ],
  reports: [
    { id: 'r1', name: 'Sales' },
    { id: 'r2', name: 'Stock' },
  ],
  cells: [
    {
      userId: '00000000-0000-4000-8000-000000000002',
      reportId: 'r2',
      admin: false,
      direct: true,
      groups: ['North', 'South'],
    },
  ],
};

describe('access reasons', () => {
  it('names Admin, Direct and each group', () => {
    expect(reasonLabels({ admin: false, direct: true, groups: ['North', 'South'] })).toEqual([
      'Direct',
      'Group: North',
      'Group: South',
    ]);
    expect(reasonLabels({ admin: true, direct: false, groups: [] })).toEqual(['Admin']);
  });

  it('filters people by email or name in any case, and one report', () => {
    const byName = filterMatrix(matrix, { person: 'LEE', reportId: '' });
    expect(byName.people.map((p) => p.email)).toEqual(['ann@x.test']);
    const byReport = filterMatrix(matrix, { person: '', reportId: 'r2' });
    expect(byReport.reports.map((r) => r.name)).toEqual(['Stock']);
    expect(byReport.cell('00000000-0000-4000-8000-000000000002', 'r2')?.direct).toBe(true);
    expect(byReport.cell('00000000-0000-4000-8000-000000000002', 'r1')).toBeUndefined();
  });

  it('says why the matrix is empty: no reports first, then no one matching the filter', () => {
    expect(matrixEmptyText({ people: [], reports: [] })?.title).toBe('No reports');
    expect(matrixEmptyText(filterMatrix(matrix, { person: 'nobody', reportId: '' }))).toEqual({
      title: 'No people found',
      text: 'No one matches the filter.',
    });
    expect(matrixEmptyText(filterMatrix(matrix, { person: '', reportId: '' }))).toBeNull();
  });
});
