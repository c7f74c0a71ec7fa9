import type { Group } from '@canopy/portal-contract';

/** Groups are found by a part of their name or description, any case; a blank search finds all. */
export function filterGroups<G extends Pick<Group, 'name' | 'description'>>(
  groups: readonly G[],
  search: string,
): G[] {
  const needle = search.trim().toLowerCase();
  return groups.filter(
    (group) =>
      !needle ||
      group.name.toLowerCase().includes(needle) ||
      group.description.toLowerCase().includes(needle),
  );
}

/** What an empty list says: nothing matched the search, or there are no groups at all. */
export const groupsEmptyText = (search: string) =>
  search.trim()
    ? { title: 'No groups found', text: 'No group matches the search.' }
    : { title: 'No groups yet', text: 'Create a group above to get started.' };
