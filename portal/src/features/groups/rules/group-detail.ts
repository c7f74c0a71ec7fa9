import type { AccessMatrix, GroupDetail } from '@canopy/portal-contract';

type Person = Pick<AccessMatrix['people'][number], 'id' | 'email' | 'name'>;
type Member = Pick<GroupDetail['members'][number], 'userId' | 'email' | 'firstName' | 'lastName'>;

/** The tenant's people who are not in the group yet: the ones "Add Member" offers. */
export function peopleToAdd<P extends Pick<Person, 'id'>>(
  people: readonly P[],
  members: readonly Pick<Member, 'userId'>[],
): P[] {
  const inGroup = new Set(members.map((member) => member.userId));
  return people.filter((person) => !inGroup.has(person.id));
}

/** The tenant's reports the group is not granted yet: the ones "Grant Report" offers. */
export function reportsToGrant<R extends { id: string }>(
  reports: readonly R[],
  granted: readonly { id: string }[],
): R[] {
  const ids = new Set(granted.map((report) => report.id));
  return reports.filter((report) => !ids.has(report.id));
}

/** A person to choose: "Name (email)", or the email alone when they have set no name. */
export const personChoice = (person: Person) =>
  person.name ? `${person.name} (${person.email})` : person.email;

/** A member as the list names them: first and last name, or the email when they set neither. */
export const memberName = (member: Member) =>
  [member.firstName, member.lastName].filter(Boolean).join(' ') || member.email;
