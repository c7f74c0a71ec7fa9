import { describe, expect, it } from 'vitest';
import { filterGroups, groupsEmptyText } from './group-list.ts';

const groups = [
  { name: 'Sales North', description: 'Field team' },
  { name: 'Finance', description: 'Month-end SALES close' },
  { name: 'Stock', description: '' },
];

describe('filterGroups', () => {
  it('finds all groups for a blank search', () => {
    expect(filterGroups(groups, '   ')).toEqual(groups);
  });

  it('matches a part of the name or the description, any case, trimmed', () => {
    expect(filterGroups(groups, ' sales ').map((g) => g.name)).toEqual(['Sales North', 'Finance']);
    expect(filterGroups(groups, 'TEAM').map((g) => g.name)).toEqual(['Sales North']);
    expect(filterGroups(groups, 'nobody')).toEqual([]);
  });
});

describe('groupsEmptyText', () => {
  it('says nothing matched while searching, else invites to create one', () => {
    expect(groupsEmptyText('x').title).toBe('No groups found');
    expect(groupsEmptyText('  ').title).toBe('No groups yet');
  });
});
