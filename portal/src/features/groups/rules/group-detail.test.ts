import { describe, expect, it } from 'vitest';
import { memberName, peopleToAdd, personChoice, reportsToGrant } from './group-detail.ts';

const member = (userId: string, firstName: string | null, lastName: string | null) => ({
  userId,
  email: `${userId}@x.test`,
  firstName,
  lastName,
});

describe('group detail', () => {
  it('offers only the people not in the group yet', () => {
    const people = [
      { id: 'a', email: 'a@x.test', name: null },
      { id: 'b', email: 'b@x.test', name: 'Bo' },
    ];
    expect(peopleToAdd(people, [member('a', null, null)])).toEqual([people[1]]);
    expect(peopleToAdd(people, [])).toEqual(people);
  });

  it('offers only the reports not granted yet', () => {
    const reports = [
      { id: 'r1', name: 'Sales' },
      { id: 'r2', name: 'Stock' },
    ];
    expect(reportsToGrant(reports, [{ id: 'r2' }])).toEqual([reports[0]]);
  });

  it('names a person to choose by name and email, or email alone', () => {
    expect(personChoice({ id: 'b', email: 'b@x.test', name: 'Bo' })).toBe('Bo (b@x.test)');
    expect(personChoice({ id: 'a', email: 'a@x.test', name: null })).toBe('a@x.test');
  });

  it('names a member by the parts of their name they set, else by email', () => {
    expect(memberName(member('m', 'Ann', 'Lee'))).toBe('Ann Lee');
    expect(memberName(member('m', null, 'Lee'))).toBe('Lee');
    expect(memberName(member('m', null, null))).toBe('m@x.test');
  });
});
